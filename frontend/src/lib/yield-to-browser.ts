/**
 * Resolves in a later task, so that work split around it runs as several short tasks the browser
 * can paint and answer input between, instead of one long one.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
