import type { Redis } from 'ioredis';
import {
  type AppendResult,
  type Answer,
  type AuthenticatedUser,
  type Endpoint,
  type EndpointCall,
  type EndpointLimit,
  type EndpointSchemas,
  endpoint,
  type HttpMethod,
  rememberWrite,
} from '@cinefold/platform';

/** A title type as the members' answers name it ("Removed the TV show 1399 …"). */
export const TYPE_NAMES = { movie: 'movie', tv: 'TV show' } as const;

/** What a member's write answers, and what it appended (nothing: a change already made). */
export interface MemberWritten {
  readonly answer: Answer;
  readonly written: Pick<AppendResult, 'position'> | null;
}

/**
 * A write of a member to their own streams (their lists, history and preferences): counted in the
 * member's list-change budgets; what it appended is remembered for the member's next reads and
 * its position sent with the answer.
 */
export function memberWriteEndpoint<S extends EndpointSchemas>(
  { redis, limits }: { readonly redis: Redis; readonly limits: readonly EndpointLimit[] },
  declared: { readonly method: HttpMethod; readonly path: string; readonly schemas: S },
  write: (call: EndpointCall<S>, member: AuthenticatedUser) => Promise<MemberWritten>,
): Endpoint {
  return endpoint({
    ...declared,
    access: 'member',
    limits,
    handle: async (call) => {
      // `access: 'member'` has checked there is one.
      const member = call.caller.user!;
      const { answer, written } = await write(call, member);
      if (!written) return answer;
      await rememberWrite(redis, written, { userId: member.id });
      return { ...answer, position: written.position };
    },
  });
}
