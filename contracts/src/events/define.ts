import type { z } from 'zod';

/**
 * One entry of the event catalogue: a past-tense type name, the current schema version of its
 * payload and, for each older version still found in stores, an upcaster that lifts a payload of
 * that version to the next one. Readers only ever see the current shape.
 */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly version: number;
  readonly schema: Schema;
  /** `upcasters[n]` turns a version-n payload into a version-(n+1) payload. */
  readonly upcasters: Readonly<Record<number, (data: unknown) => unknown>>;
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcasters?: Record<number, (data: unknown) => unknown> } = {},
): EventDefinition<Type, Schema> {
  return { type, version: options.version ?? 1, schema, upcasters: options.upcasters ?? {} };
}

/** The `{ type, data }` union a catalogue describes. */
export type EventOf<Definitions extends readonly EventDefinition[]> = {
  [K in keyof Definitions]: Definitions[K] extends EventDefinition<infer T, infer S>
    ? { readonly type: T; readonly data: z.infer<S> }
    : never;
}[number];

export class EventSchemaError extends Error {
  override readonly name = 'EventSchemaError';
}

export interface EventCatalogue<Event extends { type: string; data: unknown }> {
  readonly definitions: ReadonlyMap<string, EventDefinition>;
  /** Validates a payload about to be stored; returns its version. */
  encode(event: Event): { type: string; version: number; data: unknown };
  /** Upcasts and validates a stored payload; `null` for a type this catalogue does not know. */
  decode(type: string, version: number, data: unknown): Event | null;
}

export function createCatalogue<const Definitions extends readonly EventDefinition[]>(
  definitions: Definitions,
): EventCatalogue<EventOf<Definitions>> {
  const byType = new Map<string, EventDefinition>();
  for (const definition of definitions) {
    if (byType.has(definition.type)) throw new Error(`event type ${definition.type} is defined twice`);
    byType.set(definition.type, definition);
  }
  const describe = (type: string, issues: z.core.$ZodIssue[]) =>
    `${type}: ${issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`;

  return {
    definitions: byType,
    encode(event) {
      const definition = byType.get(event.type);
      if (!definition) throw new EventSchemaError(`unknown event type ${event.type}`);
      const parsed = definition.schema.safeParse(event.data);
      if (!parsed.success) throw new EventSchemaError(describe(event.type, parsed.error.issues));
      return { type: event.type, version: definition.version, data: parsed.data };
    },
    decode(type, version, data) {
      const definition = byType.get(type);
      if (!definition) return null;
      let payload = data;
      for (let v = version; v < definition.version; v++) {
        const upcast = definition.upcasters[v];
        if (!upcast) throw new EventSchemaError(`${type}: no upcaster from version ${v}`);
        payload = upcast(payload);
      }
      if (version > definition.version) {
        throw new EventSchemaError(
          `${type}: stored version ${version} is newer than this code (${definition.version})`,
        );
      }
      const parsed = definition.schema.safeParse(payload);
      if (!parsed.success) throw new EventSchemaError(describe(type, parsed.error.issues));
      return { type, data: parsed.data } as EventOf<Definitions>;
    },
  };
}
