/** The slots a visitor closed, kept for the tab's session (spec section 4: the close button). */
const CLOSED_SLOTS_KEY = 'closed-ad-slots';

export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function readClosed(store: SessionStore): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(CLOSED_SLOTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // A value someone else wrote, or storage that refuses: the slot shows, which is harmless.
    return [];
  }
}

export function isSlotClosed(position: string, store: SessionStore): boolean {
  return readClosed(store).includes(position);
}

export function closeSlot(position: string, store: SessionStore): void {
  const closed = readClosed(store);
  if (closed.includes(position)) return;
  try {
    store.setItem(CLOSED_SLOTS_KEY, JSON.stringify([...closed, position]));
  } catch {
    // Storage full or refused: the slot is still closed on this page.
  }
}
