import { z } from 'zod';

/** GET /api/health */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
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
