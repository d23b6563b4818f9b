/**
 * Up Next's writes (see docs/design.md, "Up Next"): marking a movie, or a show up to an episode
 * or a season's end, as watched; taking an item off "Continue Watching"; and the titles a member
 * is not interested in. Marks and dismissals join the member's history stream (nothing to decide:
 * the history only grows); "not interested" is decided on the member's preferences stream.
 */
import {
  markWatchedRequest,
  type MemberTitleAnswer,
  memberTitleParams,
  noQuery,
  notInterestedRequest,
  streams,
  type TitleType,
} from '@cinefold/contracts';
import {
  callContext,
  created,
  type Endpoint,
  endpoint,
  type EndpointLimit,
  type EventLog,
  ok,
  rememberWrite,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { runCommand } from '../shared/run-command.js';
import { preferencesDecider } from './preferences.js';
import { memberOf, TYPE_NAMES } from './member-answers.js';

export interface UpNextWriteDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
  /** The member's list-change budgets, shared with the favorites, watchlist and history. */
  readonly limits: readonly EndpointLimit[];
}

const answer = (message: string, contentType: TitleType, contentId: string | number): MemberTitleAnswer => ({
  message,
  contentId,
  contentType,
});

export function upNextWriteEndpoints({ log, redis, limits }: UpNextWriteDependencies): Endpoint[] {
  return [
    endpoint({
      method: 'POST',
      path: '/api/user/watched',
      schemas: { body: markWatchedRequest, query: noQuery },
      access: 'member',
      limits,
      handle: async (call) => {
        const member = memberOf(call);
        const { season, episode, ...item } = call.body;
        const through = season === undefined ? null : { season, episode: episode ?? null };
        const result = await log.append(
          streams.history(member.id),
          [{ type: 'TitleMarkedWatched', data: { userId: member.id, ...item, through } }],
          { expectedRevision: 'any', context: callContext(call) },
        );
        await rememberWrite(redis, result, { userId: member.id });
        const what =
          through === null
            ? item.title || `the ${TYPE_NAMES[item.contentType]}`
            : through.episode === null
              ? `season ${through.season}`
              : `everything up to season ${through.season} episode ${through.episode}`;
        return created(
          answer(`Marked ${what} as watched.`, item.contentType, item.contentId),
          result.position,
        );
      },
    }),
    endpoint({
      method: 'DELETE',
      path: '/api/user/up-next/:contentType/:contentId',
      schemas: { params: memberTitleParams, query: noQuery },
      access: 'member',
      limits,
      handle: async (call) => {
        const member = memberOf(call);
        const { contentType, contentId } = call.params;
        const result = await log.append(
          streams.history(member.id),
          [{ type: 'UpNextItemDismissed', data: { userId: member.id, contentType, contentId } }],
          { expectedRevision: 'any', context: callContext(call) },
        );
        await rememberWrite(redis, result, { userId: member.id });
        return {
          ...ok(
            answer('Removed from Continue Watching; your watch history keeps it.', contentType, contentId),
          ),
          position: result.position,
        };
      },
    }),
    endpoint({
      method: 'POST',
      path: '/api/user/not-interested',
      schemas: { body: notInterestedRequest, query: noQuery },
      access: 'member',
      limits,
      handle: async (call) => {
        const member = memberOf(call);
        const item = call.body;
        const outcome = await runCommand(
          log,
          streams.preferences(member.id),
          preferencesDecider,
          { type: 'MarkNotInterested', userId: member.id, item },
          callContext(call),
        );
        const body = answer(
          `${item.title || `This ${TYPE_NAMES[item.contentType]}`} is hidden from your pages.`,
          item.contentType,
          item.contentId,
        );
        if (!outcome.result) return ok(body);
        await rememberWrite(redis, outcome.result, { userId: member.id });
        return created(body, outcome.result.position);
      },
    }),
    endpoint({
      method: 'DELETE',
      path: '/api/user/not-interested/:contentType/:contentId',
      schemas: { params: memberTitleParams, query: noQuery },
      access: 'member',
      limits,
      handle: async (call) => {
        const member = memberOf(call);
        const { contentType, contentId } = call.params;
        const outcome = await runCommand(
          log,
          streams.preferences(member.id),
          preferencesDecider,
          { type: 'MarkInterestedAgain', userId: member.id, contentType, contentId },
          callContext(call),
        );
        await rememberWrite(redis, outcome.result!, { userId: member.id });
        const [removed] = outcome.events;
        const { contentId: id } = removed!.data;
        return {
          ...ok(answer(`The ${TYPE_NAMES[contentType]} ${id} shows on your pages again.`, contentType, id)),
          position: outcome.result!.position,
        };
      },
    }),
  ];
}
