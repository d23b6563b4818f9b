import { titleIdParams } from '@cinefold/contracts';

/** True for an id the API can look up; anything else is not found without asking. */
export function isTitleId(id: string | undefined): id is string {
  return titleIdParams.safeParse({ id }).success;
}
