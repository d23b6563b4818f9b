import { z } from 'zod';
import { role } from '../vocabulary.js';
import { userProfile } from './auth.js';

/** Shared by every paginated list: page from 1, at most 100 a page. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(100_000, 'page is too large')
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(defaultLimit),
  });

/** The answer of a paginated list: one page of its items under their name, and where it is. */
export function pagedList<Name extends string, Item extends z.ZodType>(name: Name, item: Item) {
  const shape = { [name]: z.array(item), page: z.number(), pages: z.number(), total: z.number() };
  return z.object(
    shape as { [key in Name]: z.ZodArray<Item> } & {
      page: z.ZodNumber;
      pages: z.ZodNumber;
      total: z.ZodNumber;
    },
  );
}

/** GET /api/admin/users */
export const adminUsersQuery = pageQuery(20);
export const adminUsersResponse = pagedList('users', userProfile);
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const userIdParams = z.strictObject({ id: z.string().trim().min(1).max(64) });

/** PUT /api/admin/users/{id}/role */
export const changeRoleRequest = z.strictObject({
  role,
});
