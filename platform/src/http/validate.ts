/**
 * Request validation at the edge: a zod schema per part of the request; the first problem
 * becomes a 400 with a message a person can act on. Parsed values replace the raw ones.
 */
import type { z } from 'zod';

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

export type Validated<S extends Schemas> = {
  body: S['body'] extends z.ZodType ? z.output<S['body']> : unknown;
  query: S['query'] extends z.ZodType ? z.output<S['query']> : unknown;
  params: S['params'] extends z.ZodType ? z.output<S['params']> : unknown;
};

function describe(error: z.ZodError, part: string): string {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field${issue.keys.length > 1 ? 's' : ''} in ${part}: ${issue.keys.join(', ')}.`;
  }
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && part === 'body' && issue.path.length === 0) {
    return 'The request body must be a JSON object.';
  }
  const message = issue.message.replace(/\.$/, '');
  // A message that names its field already ("Image URL must be…" for `imageUrl`) is left as it is.
  const words = message.toLowerCase().replace(/[\s_-]+/g, '');
  return field && !words.includes(field.toLowerCase().replace(/[\s_.-]+/g, ''))
    ? `${field}: ${message}.`
    : `${message}.`;
}

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Validates the parts of a request (`body` as parsed, `{}` when there was none): the parsed
 * values, or the message of the 400 that the first problem makes (see `runEndpoint`).
 */
export function validateParts<S extends Schemas>(
  schemas: S,
  parts: { params?: unknown; query?: unknown; body?: unknown },
): { ok: true; value: Validated<S> } | { ok: false; message: string } {
  const result: Record<string, unknown> = {};
  for (const part of PARTS) {
    const schema = schemas[part];
    if (!schema) continue;
    const parsed = schema.safeParse(parts[part]);
    if (!parsed.success) return { ok: false, message: describe(parsed.error, part) };
    result[part] = parsed.data;
  }
  return { ok: true, value: result as Validated<S> };
}
