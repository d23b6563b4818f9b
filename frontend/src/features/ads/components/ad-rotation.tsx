import { Box, chakra, CloseButton, HStack, Text } from '@chakra-ui/react';
import type { SlotAd } from '@cinefold/contracts';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { createDisplaySession, sendAdBeacon } from '../display-session';
import { AdCreative, AdStage, type AdStageProps, useCreativeImage } from './ad-creative';
import { useViewable } from './use-viewable';
import { panelLook } from '../../../components/ui/panel-look';

/** Spec section 9: a slot with more than one ad shows the next every 8 seconds. */
export const AD_ROTATION_MS = 8000;

export interface AdRotationProps {
  readonly ads: readonly SlotAd[];
  /** False while the ads shown are an answer kept from another display: nothing is reported. */
  readonly reporting: boolean;
  /** The slot's room for its creative (see `adSlotRoom`). */
  readonly room: AdStageProps['room'];
  readonly onClose: () => void;
}

const browserTransport = () => ({
  sendBeacon: navigator.sendBeacon
    ? (url: string, data: Blob | undefined) => navigator.sendBeacon(url, data)
    : undefined,
  fetch: (url: string, init: RequestInit) => fetch(url, init),
});

export interface AdCardProps {
  /** What the card's top line holds beside its label: the ad's words, dots, the close button. */
  readonly bar?: ReactNode;
  readonly children: ReactNode;
}

/**
 * The card an ad sits on: a line saying it is an advertisement, then the creative's room. The
 * line is one line high whatever it holds, so the card is as tall before the slot's answer,
 * for every ad it rotates, and with one ad or many.
 */
export function AdCard({
  bar,
  children,
  ref,
  ...rest
}: AdCardProps & { readonly ref?: Ref<HTMLDivElement>; readonly 'data-ad-id'?: string }) {
  return (
    <Box ref={ref} position="relative" p={{ base: '2', md: '3' }} {...panelLook} borderRadius="xl" {...rest}>
      <HStack h="6" gap="2" mb={{ base: '1.5', md: '2' }} minW="0">
        <Text
          textStyle="2xs"
          color="fg.subtle"
          textTransform="uppercase"
          letterSpacing="wider"
          flexShrink={0}
        >
          Advertisement
        </Text>
        {bar}
      </HStack>
      {children}
    </Box>
  );
}

/**
 * The ads of a slot one at a time: the next every 8 seconds, dots to pick one (which starts the
 * 8 seconds again), a close button. While it is mounted it is one display session: each ad's
 * impression, viewable impression and click are reported once, with the display id the slot's
 * answer gave it.
 */
export function AdRotation({ ads, reporting, room, onClose }: AdRotationProps) {
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
  const image = useCreativeImage(ad.type === 'image' ? ad.imageUrl : null);

  useEffect(() => {
    if (ads.length < 2) return;
    const timer = window.setTimeout(() => setChosen((index + 1) % ads.length), AD_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [index, ads.length]);

  useEffect(() => session?.shown(ad), [session, ad]);
  useViewable(frame, ad.id, () => session?.viewable(ad));

  // The picture's words beside the label; a picture that cannot be shown gives them to its fallback.
  const caption = ad.type === 'image' && image.status !== 'failed' && (
    // Keyed by the ad: the next ad's words are new words, not these moved (a layout shift).
    <Text key={ad.id} textStyle="xs" truncate flex="1" minW="0" color="fg.muted">
      <chakra.span fontWeight="semibold" color="fg">
        {ad.title}
      </chakra.span>
      {ad.description && <> · {ad.description}</>}
    </Text>
  );

  return (
    <AdCard
      ref={frame}
      data-ad-id={ad.id}
      bar={
        <>
          {caption || <Box flex="1" />}
          {ads.length > 1 && (
            <HStack gap="0" role="group" aria-label="Choose an ad" flexShrink={0}>
              {ads.map((each, position) => (
                <chakra.button
                  key={each.id}
                  type="button"
                  aria-label={`Show ad ${position + 1} of ${ads.length}`}
                  aria-current={position === index ? 'true' : undefined}
                  onClick={() => setChosen(position)}
                  // A 24-pixel target (WCAG 2.2 target size) around a small dot.
                  boxSize="6"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  borderRadius="full"
                  cursor="pointer"
                  _before={{
                    content: '""',
                    boxSize: '2.5',
                    borderRadius: 'full',
                    bg: position === index ? 'brand.500' : 'whiteAlpha.400',
                  }}
                  _hover={{ _before: { bg: position === index ? 'brand.500' : 'whiteAlpha.600' } }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
                />
              ))}
            </HStack>
          )}
          <CloseButton size="2xs" aria-label="Close ad" onClick={onClose} flexShrink={0} />
        </>
      }
    >
      {/* One room for all the slot's ads: it is measured once, not again for each ad. */}
      <AdStage room={room}>
        {(size) => (
          <AdCreative key={ad.id} ad={ad} image={image} room={size} onClick={() => session?.clicked(ad)} />
        )}
      </AdStage>
    </AdCard>
  );
}
