import { describe, expect, it } from 'vitest';
import { closeSlot, isSlotClosed, type SessionStore } from './closed-slots';

function memoryStore(initial: Record<string, string> = {}): SessionStore {
  const items = new Map(Object.entries(initial));
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('closing a slot', () => {
  it('keeps that slot closed for the session, and only that slot', () => {
    const store = memoryStore();
    closeSlot('home-hero', store);
    closeSlot('home-hero', store);
    expect(isSlotClosed('home-hero', store)).toBe(true);
    expect(isSlotClosed('home-mid', store)).toBe(false);
    closeSlot('home-mid', store);
    expect(isSlotClosed('home-hero', store)).toBe(true);
    expect(isSlotClosed('home-mid', store)).toBe(true);
  });

  it('shows the slot when the stored value is not ours, or storage refuses', () => {
    expect(isSlotClosed('home-hero', memoryStore({ 'closed-ad-slots': 'not json' }))).toBe(false);
    expect(isSlotClosed('home-hero', memoryStore({ 'closed-ad-slots': '{"home-hero":1}' }))).toBe(false);
    const refusing: SessionStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => closeSlot('home-hero', refusing)).not.toThrow();
  });
});
