/**
 * Up Next's writes (see docs/design.md, "Up Next"): marking a movie, or a show up to an episode
 * or a season's end, as watched; taking an item off "Continue Watching"; and the titles a member
 * is not interested in. Marks and dismissals join the member's history stream (nothing to decide:
 * the history only grows); "not interested" is decided on the member's preferences stream.
 */
import {
  type CinefoldEvent,
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
  type EndpointCall,
  type EndpointLimit,
  type EventLog,
  ok,
} from '@cinefold/platform';
import type { Redis } from 'ioredis';
import { runCommand } from '../shared/run-command.js';
import { type PreferenceCommand, preferencesDecider } from './preferences.js';
import { type MemberWritten, memberWriteEndpoint, TYPE_NAMES } from './member-answers.js';

export interface UpNextWriteDependencies {
  readonly log: EventLog;
  readonly redis: Redis;
  /** The member's list-change budgets, shared with the favorites, watchlist and history. */
  readonly limits: readonly EndpointLimit[];
}

/** What Up Next writes to a member's history. */
type HistoryEvent = Extract<CinefoldEvent, { type: 'TitleMarkedWatched' | 'UpNextItemDismissed' }>;

const titleSchemas = { params: memberTitleParams, query: noQuery };
type TitleCall = EndpointCall<typeof titleSchemas>;

const answer = (message: string, contentType: TitleType, contentId: string | number): MemberTitleAnswer => ({
  message,
  contentId,
  contentType,
});

export function upNextWriteEndpoints({ log, redis, limits }: UpNextWriteDependencies): Endpoint[] {
  const member = { redis, limits };
  /** Marks and dismissals join the member's history: nothing to decide, the history only grows. */
  const appendToHistory = (call: Parameters<typeof callContext>[0], event: HistoryEvent) =>
    log.append(streams.history(event.data.userId), [event], {
      expectedRevision: 'any',
      context: callContext(call),
    });
  /** "Not interested" and its undoing are decided on the member's preferences stream. */
  const decidePreferences = (call: Parameters<typeof callContext>[0], command: PreferenceCommand) =>
    runCommand(log, streams.preferences(command.userId), preferencesDecider, command, callContext(call));
  /** DELETE `${base}/:contentType/:contentId`: one of the member's titles taken off a page of theirs. */
  const titleRemoval = (
    base: string,
    remove: (call: TitleCall, userId: string, title: TitleCall['params']) => Promise<MemberWritten>,
  ) =>
    memberWriteEndpoint(
      member,
      { method: 'DELETE', path: `${base}/:contentType/:contentId`, schemas: titleSchemas },
      (call, { id: userId }) => remove(call, userId, call.params),
    );
  return [
    memberWriteEndpoint(
      member,
      { method: 'POST', path: '/api/user/watched', schemas: { body: markWatchedRequest, query: noQuery } },
      async (call, { id: userId }) => {
        const { season, episode, ...item } = call.body;
        const through = season === undefined ? null : { season, episode: episode ?? null };
        const result = await appendToHistory(call, {
          type: 'TitleMarkedWatched',
          data: { userId, ...item, through },
        });
        const what =
          through === null
            ? item.title || `the ${TYPE_NAMES[item.contentType]}`
            : through.episode === null
              ? `season ${through.season}`
              : `everything up to season ${through.season} episode ${through.episode}`;
        return {
          answer: created(answer(`Marked ${what} as watched.`, item.contentType, item.contentId)),
          written: result,
        };
      },
    ),
    titleRemoval('/api/user/up-next', async (call, userId, { contentType, contentId }) => {
      const result = await appendToHistory(call, {
        type: 'UpNextItemDismissed',
        data: { userId, contentType, contentId },
      });
      return {
        answer: ok(
          answer('Removed from Continue Watching; your watch history keeps it.', contentType, contentId),
        ),
        written: result,
      };
    }),
    memberWriteEndpoint(
      member,
      {
        method: 'POST',
        path: '/api/user/not-interested',
        schemas: { body: notInterestedRequest, query: noQuery },
      },
      async (call, { id: userId }) => {
        const item = call.body;
        const outcome = await decidePreferences(call, { type: 'MarkNotInterested', userId, item });
        const body = answer(
          `${item.title || `This ${TYPE_NAMES[item.contentType]}`} is hidden from your pages.`,
          item.contentType,
          item.contentId,
        );
        // Already hidden: nothing written, and 200 rather than 201.
        return { answer: outcome.result ? created(body) : ok(body), written: outcome.result };
      },
    ),
    titleRemoval('/api/user/not-interested', async (call, userId, { contentType, contentId }) => {
      const outcome = await decidePreferences(call, {
        type: 'MarkInterestedAgain',
        userId,
        contentType,
        contentId,
      });
      const [removed] = outcome.events;
      const { contentId: id } = removed!.data;
      return {
        answer: ok(
          answer(`The ${TYPE_NAMES[contentType]} ${id} shows on your pages again.`, contentType, id),
        ),
        written: outcome.result!,
      };
    }),
  ];
}
