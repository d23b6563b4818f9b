import {
  LIVE_DASHBOARD_EVENT,
  LIVE_DASHBOARD_PATH,
  LIVE_DASHBOARD_RETRY_MS,
  liveDashboardMessage,
} from '@cinefold/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE_PATH, TOKEN_STORAGE_KEY } from '../../../lib/api-client';
import { ServerSentEventParser } from '../server-sent-events';
import { dashboardKeys } from './dashboard-keys';

export interface LiveDashboardState {
  /** Distinct visitors over the last five minutes; null until the stream's first message. */
  readonly visitorsNow: number | null;
  /** Whether the stream is open right now. */
  readonly live: boolean;
}

/** Answers that reconnecting would only repeat: a bad request, not signed in, not an admin. */
const FINAL_STATUSES = new Set([400, 401, 403]);

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows GET /api/admin/stream while the dashboard is open: each message's fresh figures go
 * straight into the query cache the panels read, so they change without a request of their own.
 *
 * Read with `fetch`, not EventSource: EventSource cannot send the Authorization header the rest of
 * the site uses, and a token in the address would end up in logs. So reconnecting is done here:
 * after the server's `retry:`, with `Last-Event-ID`, and the server answers with the current state.
 */
export function useLiveDashboard(days: number): LiveDashboardState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveDashboardState>({ visitorsNow: null, live: false });

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    void (async () => {
      let lastEventId: string | null = null;
      let retry = LIVE_DASHBOARD_RETRY_MS;
      while (!signal.aborted) {
        try {
          const headers = new Headers({ Accept: 'text/event-stream' });
          const token = localStorage.getItem(TOKEN_STORAGE_KEY);
          if (token) headers.set('Authorization', `Bearer ${token}`);
          if (lastEventId) headers.set('Last-Event-ID', lastEventId);
          const response = await fetch(`${API_BASE_PATH}${LIVE_DASHBOARD_PATH}?days=${days}`, {
            headers,
            signal,
          });
          if (FINAL_STATUSES.has(response.status)) return;
          if (response.status === 429) {
            // One stream too many (the admin's other tabs): asked again when the server says.
            const after = Number(response.headers.get('Retry-After')) * 1000 || retry;
            await response.body?.cancel();
            await pause(Math.max(retry, after), signal);
            continue;
          }
          if (!response.ok || !response.body) throw new Error(`the stream answered ${response.status}`);
          setState((current) => ({ ...current, live: true }));
          const parser = new ServerSentEventParser();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const message of parser.push(value)) {
              if (message.id !== null) lastEventId = message.id;
              if (message.event !== LIVE_DASHBOARD_EVENT) continue;
              const visitorsNow = apply(queryClient, message.data);
              if (visitorsNow !== undefined) setState({ visitorsNow, live: true });
            }
          }
          retry = parser.retry ?? retry;
        } catch (error) {
          if (signal.aborted) return;
          console.error('The live dashboard stream failed; reconnecting', error);
        }
        setState((current) => ({ ...current, live: false }));
        await pause(retry, signal);
      }
    })();
    return () => abort.abort();
  }, [days, queryClient]);

  return state;
}

/** Puts a message's figures in the cache; returns its visitors now, if it has them. */
function apply(queryClient: QueryClient, data: string): number | undefined {
  let parsed;
  try {
    parsed = liveDashboardMessage.safeParse(JSON.parse(data));
  } catch {
    return undefined;
  }
  if (!parsed.success) return undefined;
  const { stats, traffic, visitorsNow } = parsed.data;
  if (stats) queryClient.setQueryData(dashboardKeys.stats(), stats);
  if (traffic) queryClient.setQueryData(dashboardKeys.traffic(traffic.days), traffic);
  return visitorsNow;
}
