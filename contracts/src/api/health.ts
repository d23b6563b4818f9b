import { z } from 'zod';

/** While the read models are loaded (Redis reading its files) or built (projectors catching up). */
export const startingState = z.object({
  phase: z.enum(['loading', 'building']),
  /** How far it has got, 0-100, when known. */
  percent: z.number().nullable(),
});
export type StartingState = z.infer<typeof startingState>;

/** Operators (and their probes) send this header with OPERATOR_TOKEN to read the details. */
export const OPERATOR_TOKEN_HEADER = 'X-Operator-Token';

/**
 * GET /api/health as anyone sees it: up or not. 200 when `ok`; 503 while `starting` or
 * `degraded`.
 */
export const publicHealthResponse = z.object({
  status: z.enum(['ok', 'starting', 'degraded']),
  starting: startingState.optional(),
});
export type PublicHealthResponse = z.infer<typeof publicHealthResponse>;

/** GET /api/health as an admin, or a caller with the operator token, sees it. */
export const healthResponse = /* @__PURE__ */ publicHealthResponse.extend({
  eventStore: z.object({
    ok: z.boolean(),
    kind: z.string(),
    head: z.string().nullable(),
    error: z.string().optional(),
  }),
  redis: z.object({ ok: z.boolean(), error: z.string().optional() }),
  projectors: z.array(
    z.object({
      name: z.string(),
      generation: z.number().nullable(),
      checkpoint: z.string().nullable(),
      /** Events between the checkpoint and the head of the store, when the store can count them. */
      lag: z.number().nullable(),
    }),
  ),
  /** Stored events per type, from the health read model. */
  events: z.record(z.string(), z.number()),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** What the API answers (503) to any other call while the site is starting. */
export const startingAnswer = z.object({ message: z.string(), starting: startingState });
export type StartingAnswer = z.infer<typeof startingAnswer>;

/** The readable line of a `startingAnswer`. */
export function startingMessage(state: StartingState): string {
  const what = state.phase === 'loading' ? 'loading its catalogue' : 'building its catalogue';
  const percent = state.percent === null ? '' : ` (${Math.floor(state.percent)}%)`;
  return `Cinefold is starting: ${what}${percent}. Please try again in a moment.`;
}
