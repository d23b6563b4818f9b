import { createCatalogue, defineEvent, EventSchemaError, eventCatalogue } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('the event catalogue', () => {
  const contact = { messageId: 'm1', name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' };

  it('encodes a valid event with its current version', () => {
    expect(eventCatalogue.encode({ type: 'ContactMessageReceived', data: contact })).toEqual({
      type: 'ContactMessageReceived',
      version: 1,
      data: contact,
    });
  });

  it('refuses to encode a payload that does not match its schema, naming the field', () => {
    const bad = { type: 'ContactMessageReceived', data: { ...contact, email: 42 } } as never;
    expect(() => eventCatalogue.encode(bad)).toThrow(EventSchemaError);
    expect(() => eventCatalogue.encode(bad)).toThrow(/ContactMessageReceived: email/);
  });

  it('refuses to encode an event type it does not describe', () => {
    expect(() => eventCatalogue.encode({ type: 'Nope', data: {} } as never)).toThrow(
      /unknown event type Nope/,
    );
  });

  it('decodes an unknown type as null, so newer events do not stop older readers', () => {
    expect(eventCatalogue.decode('WrittenByNewerCode', 1, {})).toBeNull();
  });

  it('lifts old payloads through every upcaster to the current shape', () => {
    const renamed = defineEvent(
      'TitleRated',
      z.object({ titleId: z.string(), stars: z.number().min(1).max(10) }),
      {
        version: 3,
        upcasters: {
          1: (old) => ({ ...(old as object), stars: (old as { score: number }).score }),
          2: (old) => {
            const { id, ...rest } = old as { id: string; stars: number };
            return { ...rest, titleId: id };
          },
        },
      },
    );
    const catalogue = createCatalogue([renamed]);
    expect(catalogue.decode('TitleRated', 1, { id: 't1', score: 7 })).toEqual({
      type: 'TitleRated',
      data: { titleId: 't1', stars: 7 },
    });
    expect(catalogue.decode('TitleRated', 3, { titleId: 't2', stars: 9 })?.data).toEqual({
      titleId: 't2',
      stars: 9,
    });
  });

  it('refuses a stored payload that still does not match after upcasting', () => {
    expect(() => eventCatalogue.decode('ContactMessageReceived', 1, { messageId: 'm1' })).toThrow(
      EventSchemaError,
    );
  });

  it('refuses a stored version newer than the code knows', () => {
    expect(() => eventCatalogue.decode('ContactMessageReceived', 2, contact)).toThrow(/newer than this code/);
  });

  it('refuses two definitions of one type', () => {
    const a = defineEvent('Twice', z.object({}));
    expect(() => createCatalogue([a, a])).toThrow(/defined twice/);
  });
});
