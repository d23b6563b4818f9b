/**
 * Request validation at the edge: a zod schema per part of the request; the first problem
 * becomes a 400 with a message a person can act on. Parsed values replace the raw ones.
 */
import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest } from './errors.js';

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
  return field && !message.toLowerCase().startsWith(field.toLowerCase())
    ? `${field}: ${message}.`
    : `${message}.`;
}

const VALIDATED = Symbol('validated');

export function validate<S extends Schemas>(schemas: S): RequestHandler {
  return (req, _res, next) => {
    const result: Record<string, unknown> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const parsed = schema.safeParse(part === 'body' ? (req.body ?? {}) : req[part]);
      if (!parsed.success) return next(badRequest(describe(parsed.error, part)));
      result[part] = parsed.data;
    }
    (req as Request & { [VALIDATED]?: unknown })[VALIDATED] = result;
    next();
  };
}

/** The values `validate(schemas)` parsed for this request. */
export function validated<S extends Schemas>(req: Request, _schemas: S): Validated<S> {
  const value = (req as Request & { [VALIDATED]?: Validated<S> })[VALIDATED];
  if (!value) throw new Error('validated() called on a route without validate()');
  return value;
}
