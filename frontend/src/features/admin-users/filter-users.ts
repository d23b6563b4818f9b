import type { UserProfile } from '@cinefold/contracts';

/** The admin search: a case-insensitive match on name or e-mail, over the page already loaded. */
export function filterUsers<T extends Pick<UserProfile, 'name' | 'email'>>(
  users: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...users];
  return users.filter(
    (user) =>
      user.name.toLocaleLowerCase().includes(needle) || user.email.toLocaleLowerCase().includes(needle),
  );
}
