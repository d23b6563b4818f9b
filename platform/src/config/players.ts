/**
 * The player servers' embed address templates (`PLAYER_SERVER_1_MOVIE`, …), read at start so an
 * operator changes providers with a restart, not a rebuild. The pages get them from
 * `GET /api/config`; the Content-Security-Policy lets frames load from their origins and no others.
 */
import { PLAYER_PLACEHOLDERS, type PlayerTemplates } from '@cinefold/contracts';
import { z } from 'zod';

type PlayerKind = keyof typeof PLAYER_PLACEHOLDERS;

/** The address a template gives once its placeholders are filled, or a reason it cannot be one. */
function checkTemplate(kind: PlayerKind, template: string): string | URL {
  const allowed: readonly string[] = PLAYER_PLACEHOLDERS[kind];
  const unknown = [...template.matchAll(/\{(\w*)\}/g)]
    .map((m) => m[1] ?? '')
    .filter((n) => !allowed.includes(n));
  if (unknown.length > 0) {
    return `may use only ${allowed.map((name) => `{${name}}`).join(', ')} (got {${unknown[0]}})`;
  }
  try {
    const url = new URL(template.replace(/\{(\w+)\}/g, '1'));
    if (url.protocol === 'https:' || url.protocol === 'http:') return url;
  } catch {
    // reported below
  }
  return 'must be an http(s) address template, e.g. https://player.example/embed/{id}';
}

/** A zod schema for one template variable of `kind`. */
export const playerTemplate = (kind: PlayerKind) =>
  z
    .string()
    .trim()
    .superRefine((template, ctx) => {
      const checked = checkTemplate(kind, template);
      if (typeof checked === 'string') ctx.addIssue({ code: 'custom', message: checked });
    });

export interface PlayerSettings {
  readonly PLAYER_SERVER_1_MOVIE?: string | undefined;
  readonly PLAYER_SERVER_2_MOVIE?: string | undefined;
  readonly PLAYER_SERVER_1_TV?: string | undefined;
  readonly PLAYER_SERVER_2_TV?: string | undefined;
}

/** The templates as the pages receive them; null where a server is not configured. */
export function playerTemplates(config: PlayerSettings): PlayerTemplates {
  return {
    movie: { 1: config.PLAYER_SERVER_1_MOVIE ?? null, 2: config.PLAYER_SERVER_2_MOVIE ?? null },
    tv: { 1: config.PLAYER_SERVER_1_TV ?? null, 2: config.PLAYER_SERVER_2_TV ?? null },
  };
}

/** The origins the configured players load from (`https://player.example`), each once. */
export function playerOrigins(config: PlayerSettings): string[] {
  const origins = new Set<string>();
  const templates = playerTemplates(config);
  for (const kind of ['movie', 'tv'] as const) {
    for (const template of [templates[kind][1], templates[kind][2]]) {
      if (template === null) continue;
      const checked = checkTemplate(kind, template);
      if (typeof checked !== 'string') origins.add(checked.origin);
    }
  }
  return [...origins];
}
