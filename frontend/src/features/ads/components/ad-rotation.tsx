import { Box, chakra, CloseButton, HStack, Text } from '@chakra-ui/react';
import type { SlotAd } from '@cinefold/contracts';
import { useEffect, useRef, useState } from 'react';
import { createDisplaySession, sendAdBeacon } from '../display-session';
import { AdCreative } from './ad-creative';
import { useViewable } from './use-viewable';

/** Spec section 9: a slot with more than one ad shows the next every 8 seconds. */
export const AD_ROTATION_MS = 8000;

export interface AdRotationProps {
  readonly ads: readonly SlotAd[];
  /** False while the ads shown are an answer kept from another display: nothing is reported. */
  readonly reporting: boolean;
  readonly narrow: boolean;
  readonly onClose: () => void;
}

const browserTransport = () => ({
  sendBeacon: navigator.sendBeacon
    ? (url: string, data: Blob | undefined) => navigator.sendBeacon(url, data)
    : undefined,
  fetch: (url: string, init: RequestInit) => fetch(url, init),
});

/**
 * The ads of a slot one at a time: the next every 8 seconds, dots to pick one (which starts the
 * 8 seconds again), a close button. While it is mounted it is one display session: each ad's
 * impression, viewable impression and click are reported once, with the display id the slot's
 * answer gave it.
 */
export function AdRotation({ ads, reporting, narrow, onClose }: AdRotationProps) {
  const [chosen, setChosen] = useState(0);
  const [session] = useState(() =>
    reporting
      ? createDisplaySession((adId, beacon, displayId) =>
          sendAdBeacon(adId, beacon, displayId, browserTransport()),
        )
      : null,
  );
  const index = chosen % ads.length;
  const ad = ads[index]!;
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (ads.length < 2) return;
    const timer = window.setTimeout(() => setChosen((index + 1) % ads.length), AD_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [index, ads.length]);

  useEffect(() => session?.shown(ad), [session, ad]);
  useViewable(frame, ad.id, () => session?.viewable(ad));

  return (
    <Box
      ref={frame}
      position="relative"
      p={{ base: '4', md: '5' }}
      bg="rgba(18, 15, 20, 0.85)"
      borderWidth="1px"
      borderColor="whiteAlpha.100"
      borderRadius="2xl"
      data-ad-id={ad.id}
    >
      <HStack justify="space-between" mb="3">
        <Text textStyle="xs" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
          Advertisement
        </Text>
        <CloseButton size="xs" aria-label="Close ad" onClick={onClose} />
      </HStack>
      <AdCreative key={ad.id} ad={ad} narrow={narrow} onClick={() => session?.clicked(ad)} />
      {ads.length > 1 && (
        <HStack justify="center" gap="2" mt="3" role="group" aria-label="Choose an ad">
          {ads.map((each, position) => (
            <chakra.button
              key={each.id}
              type="button"
              aria-label={`Show ad ${position + 1} of ${ads.length}`}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => setChosen(position)}
              w="2.5"
              h="2.5"
              borderRadius="full"
              bg={position === index ? 'brand.500' : 'whiteAlpha.400'}
              _hover={{ bg: position === index ? 'brand.500' : 'whiteAlpha.600' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
              cursor="pointer"
            />
          ))}
        </HStack>
      )}
    </Box>
  );
}
