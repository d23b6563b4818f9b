/** See chromium.mjs. */
export function chromiumPath(): string;
