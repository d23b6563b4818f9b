import { chakra } from '@chakra-ui/react';
import { adSlotRoom } from '@cinefold/contracts';
import { useState } from 'react';
import { useSlotAds } from '../api/get-slot-ads';
import { closeSlot, isSlotClosed, type SessionStore } from '../closed-slots';
import { AdRotation } from './ad-rotation';
import { useHoldForAnswer } from './ad-slots-hold';

export interface AdSlotProps {
  /**
   * One of the named positions (spec section 3) or a landing page's own slot, such as
   * `action-movies-top`.
   */
  readonly position: string;
}

/** The tab's session storage, or none where the browser refuses it (the getter itself may throw). */
function sessionStore(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Where the ads of one named position appear. Until its ads are known, and when there are none,
 * the slot is an empty container that takes no room, not even a gap in a stack; the page around
 * it stays unseen until it knows (`AdSlotsHold`), so it is first seen as it stays. Its ads keep
 * the slot's format's room (design tokens, `adSlotRoom`) whatever their creatives, so nothing
 * moves as they load or rotate. A slot the visitor closed stays closed for the tab's session.
 */
export function AdSlot({ position }: AdSlotProps) {
  const [closed, setClosed] = useState(() => {
    const store = sessionStore();
    return store !== null && isSlotClosed(position, store);
  });
  const ads = useSlotAds(position, !closed);
  const shown = !closed && ads.data !== undefined && ads.data.length > 0 ? ads.data : null;
  const room = adSlotRoom(position);
  useHoldForAnswer(!closed && ads.isPending);
  // A slot seen before shows its kept answer at once, so the page does not move, while it asks
  // again. Its display ids were another display's: the display, and its reports, begin with the
  // answer asked for now, and go on whatever later answers bring.
  const [ownAnswer, setOwnAnswer] = useState(false);
  if (!ownAnswer && ads.isFetchedAfterMount && ads.isSuccess) setOwnAnswer(true);

  const onClose = () => {
    const store = sessionStore();
    if (store) closeSlot(position, store);
    setClosed(true);
  };

  return (
    <chakra.section
      data-ad-slot={position}
      data-testid={`ad-slot-${position}`}
      aria-label={shown ? 'Advertisement' : undefined}
      _empty={{ display: 'none' }}
    >
      {shown && (
        <AdRotation
          key={ownAnswer ? 'reporting' : 'kept'}
          ads={shown}
          reporting={ownAnswer}
          room={room}
          onClose={onClose}
        />
      )}
    </chakra.section>
  );
}
