/**
 * GET /metrics, for a scraper holding `token` (`Authorization: Bearer …`): anyone else gets 401,
 * so the site's internals (routes, lag, queue depths) are not public. An endpoint of the table
 * like every other, served at the root.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';
import { z } from 'zod';
import { exposition } from '../metrics/metrics.js';
import { type Endpoint, endpoint, refusal } from './endpoint.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function metricsEndpoint(token: string, registries: () => readonly Registry[]): Endpoint {
  const expected = digest(`Bearer ${token}`);
  return endpoint({
    method: 'GET',
    path: '/metrics',
    // A scraper's query (Prometheus sends none) changes nothing.
    schemas: { query: z.unknown() },
    access: 'anyone',
    handle: async (call) => {
      if (!timingSafeEqual(digest(call.header('authorization') ?? ''), expected)) {
        return refusal(401, 'A metrics token is required.');
      }
      const { type, text } = await exposition(registries());
      return { status: 200, bytes: Buffer.from(text), type };
    },
  });
}
