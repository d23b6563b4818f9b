import type { StartingAnswer } from '@cinefold/contracts';

/**
 * Whether the server said it is still starting (503 with a `starting` state: Redis loading its
 * data, or read models built again from the event store). Screens would otherwise show empty
 * lists; the notice shows this instead until the server serves again.
 */
let current: StartingAnswer | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Remembers a starting answer; anything else is ignored. */
export async function noteStartingAnswer(status: number, body: unknown): Promise<void> {
  if (status !== 503) return;
  const { startingAnswer } = await import('./answer-schemas');
  const parsed = startingAnswer.safeParse(body);
  if (!parsed.success) return;
  current = parsed.data;
  emit();
}

export function siteServesAgain(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function subscribeToStarting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startingSnapshot(): StartingAnswer | null {
  return current;
}
