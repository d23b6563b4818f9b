import { chakra } from '@chakra-ui/react';

export interface AdSlotProps {
  /**
   * One of the named positions (spec section 3) or a landing page's own slot, such as
   * `action-movies-top`, which the ad form does not offer yet but the pages already reserve.
   */
  readonly position: string;
}

/**
 * Where the ads of one named position appear. Ads are not served yet, so the slot is an empty
 * container that takes no room, not even a gap in a stack: a page looks the same with or without
 * it until ads exist.
 */
export function AdSlot({ position }: AdSlotProps) {
  return (
    <chakra.section
      data-ad-slot={position}
      data-testid={`ad-slot-${position}`}
      _empty={{ display: 'none' }}
    />
  );
}
