import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { AD_SIZE_MESSAGE, type AdRoom, type PublicAd } from '@cinefold/contracts';
import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import { API_BASE_PATH } from '../../../lib/api-client';

/**
 * What a network ad's frame may do: run its scripts and open its link in a new tab. Never
 * `allow-same-origin` (it could read the member's token and cookies) nor `allow-top-navigation`
 * (it could take the visitor away). The frame's page carries the same sandbox in its own policy.
 */
export const AD_FRAME_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

/** Where an image ad's picture is: still loading, loaded (its own size) or failed. */
export type CreativeImage =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly width: number; readonly height: number }
  | { readonly status: 'failed' };

/**
 * Loads an image ad's picture before it is shown, so the slot knows its size (and shows it at
 * that size, never the browser's broken-image icon): a picture that fails gives way to a fallback.
 */
export function useCreativeImage(url: string | null | undefined): CreativeImage {
  const [known, setKnown] = useState<{ readonly url: string; readonly image: CreativeImage } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    const image = new Image();
    image.onload = () => {
      if (!current) return;
      const loaded = image.naturalWidth > 0 && image.naturalHeight > 0;
      setKnown({
        url,
        image: loaded
          ? { status: 'loaded', width: image.naturalWidth, height: image.naturalHeight }
          : { status: 'failed' },
      });
    };
    image.onerror = () => {
      if (current) setKnown({ url, image: { status: 'failed' } });
    };
    image.src = url;
    return () => {
      current = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  if (!url) return { status: 'failed' };
  return known?.url === url ? known.image : { status: 'loading' };
}

type Size = { readonly width: number; readonly height: number };

/**
 * The size of an element as laid out, kept up to date (null before its first layout). Read from a
 * ResizeObserver, which reports after the browser's own layout: asking the element for its box
 * while React commits would force a layout of the whole page in the middle of the commit, and a
 * page with several slots paid for it in long tasks.
 */
function useLaidOutSize(target: RefObject<HTMLElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const keep = (width: number, height: number) =>
      setSize((last) => (last && last.width === width && last.height === height ? last : { width, height }));
    if (typeof ResizeObserver === 'undefined') {
      const frame = requestAnimationFrame(() => {
        const rect = element.getBoundingClientRect();
        keep(rect.width, rect.height);
      });
      return () => cancelAnimationFrame(frame);
    }
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect;
      if (box) keep(box.width, box.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return size;
}

/** A creative's size on screen: its own when it fits the room, else scaled down whole. */
function fitted(creative: Size, room: Size): Size & { readonly scale: number } {
  const scale = Math.min(1, room.width / creative.width, room.height / creative.height);
  return {
    width: Math.floor(creative.width * scale),
    height: Math.floor(creative.height * scale),
    scale,
  };
}

export interface AdStageProps {
  /** The slot's room on small screens and from `md` on (design tokens, `adSlotRoom`). */
  readonly room: { readonly base: AdRoom; readonly md: AdRoom };
  readonly children?: (size: Size | null) => React.ReactNode;
}

/**
 * The fixed room of a slot's creative: as tall as the slot's format, as wide as the slot allows
 * (at most the format's width). Every ad of the slot, and the slot before its answer, take the
 * same room, so nothing moves as the creative loads or the ads rotate.
 */
export function AdStage({ room, children }: AdStageProps) {
  const stage = useRef<HTMLDivElement>(null);
  const size = useLaidOutSize(stage);
  return (
    <Box
      ref={stage}
      position="relative"
      mx="auto"
      w="full"
      maxW={{ base: `${room.base.width}px`, md: `${room.md.width}px` }}
      h={{ base: `${room.base.height}px`, md: `${room.md.height}px` }}
      display="flex"
      alignItems="center"
      justifyContent="center"
      overflow="hidden"
    >
      {children?.(size)}
    </Box>
  );
}

export interface AdCreativeProps {
  readonly ad: PublicAd;
  readonly image: CreativeImage;
  /** The room's size as laid out (see `AdStage`), null before its first layout. */
  readonly room: Size | null;
  readonly onClick: () => void;
}

/**
 * One ad as a slot shows it, inside the slot's `AdStage`: from its embed code for a network ad,
 * else its picture and link.
 */
export function AdCreative({ ad, image, room, onClick }: AdCreativeProps) {
  return ad.type === 'network' ? (
    <NetworkAd ad={ad} room={room} onClick={onClick} />
  ) : (
    <ImageAd ad={ad} image={image} room={room} onClick={onClick} />
  );
}

/** The site the link leads to, as a hint under the words; the server only stores web addresses. */
export function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

interface ShownAdProps {
  readonly ad: PublicAd;
  readonly room: Size | null;
  readonly onClick: () => void;
}

function AdLink({
  ad,
  onClick,
  children,
}: Omit<ShownAdProps, 'room'> & { readonly children: React.ReactNode }) {
  if (!ad.linkUrl) return children;
  return (
    <chakra.a
      href={ad.linkUrl}
      // A new tab that cannot reach back into the site (`window.opener` stays null).
      target="_blank"
      rel="noopener sponsored"
      display="block"
      maxW="full"
      maxH="full"
      onClick={onClick}
      onAuxClick={onClick}
      _focusVisible={{
        outline: '2px solid',
        outlineColor: 'brand.500',
        outlineOffset: '2px',
        borderRadius: 'md',
      }}
    >
      {children}
    </chakra.a>
  );
}

function ImageAd({ ad, image, room, onClick }: ShownAdProps & { readonly image: CreativeImage }) {
  if (image.status === 'failed') {
    return (
      <Box position="absolute" inset="0">
        <AdLink ad={ad} onClick={onClick}>
          <AdFallback ad={ad} />
        </AdLink>
      </Box>
    );
  }
  if (image.status === 'loading' || !room) return null;
  const size = fitted(image, room);
  return (
    <AdLink ad={ad} onClick={onClick}>
      <chakra.img
        src={ad.imageUrl}
        alt={ad.title}
        width={size.width}
        height={size.height}
        display="block"
        borderRadius="md"
      />
    </AdLink>
  );
}

/**
 * An image ad whose picture cannot be shown: its words, in the slot's room, on the dark card, as a
 * text ad would look, instead of a broken picture and its alternative text.
 */
export function AdFallback({ ad }: { readonly ad: Pick<PublicAd, 'title' | 'description' | 'linkUrl'> }) {
  return (
    <Stack
      data-part="ad-fallback"
      h="full"
      w="full"
      gap="0.5"
      justify="center"
      align="center"
      textAlign="center"
      px="3"
      overflow="hidden"
      borderRadius="md"
      borderWidth="1px"
      borderColor="whiteAlpha.200"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientTo="gray.900"
    >
      <Text fontWeight="semibold" textStyle="sm" lineClamp={1}>
        {ad.title}
      </Text>
      {ad.description && (
        <Text color="fg.muted" textStyle="xs" lineClamp={{ base: 1, md: 2 }}>
          {ad.description}
        </Text>
      )}
      {ad.linkUrl && (
        // A phone's banner room (50 pixels) holds two lines: the link's site waits for wider rooms.
        <Text color="brand.400" textStyle="xs" truncate maxW="full" hideBelow="md">
          {hostOf(ad.linkUrl)}
        </Text>
      )}
    </Stack>
  );
}

function isSizeMessage(data: unknown): data is Size {
  if (typeof data !== 'object' || data === null) return false;
  const { type, width, height } = data as Record<string, unknown>;
  const sensible = (value: unknown) => typeof value === 'number' && value >= 1 && value <= 4000;
  return type === AD_SIZE_MESSAGE && sensible(width) && sensible(height);
}

/**
 * The embed code runs in its own page (`/api/ads/{id}/frame`), never in the site's. The page tells
 * the slot its unit's size; the frame takes that size, scaled down whole if the room is smaller,
 * and stays centred (a transform: the room itself never changes). A click inside a frame of
 * another origin cannot be seen; the window losing the focus to this frame can, and is how such a
 * click is counted.
 */
function NetworkAd({ ad, room, onClick }: ShownAdProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [unit, setUnit] = useState<Size | null>(null);
  const clicked = useEffectEvent(onClick);
  useEffect(() => {
    const onBlur = () =>
      window.setTimeout(() => {
        if (frame.current && document.activeElement === frame.current) clicked();
      }, 0);
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (!isSizeMessage(event.data)) return;
      const { width, height } = event.data;
      setUnit((last) => (last && last.width === width && last.height === height ? last : { width, height }));
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('message', onMessage);
    };
  }, []);
  const scale = unit && room ? fitted(unit, room).scale : 1;
  return (
    <chakra.iframe
      ref={frame}
      src={`${API_BASE_PATH}/ads/${encodeURIComponent(ad.id)}/frame`}
      sandbox={AD_FRAME_SANDBOX}
      title={ad.title || 'Advertisement'}
      loading="lazy"
      referrerPolicy="no-referrer"
      position="absolute"
      top="50%"
      left="50%"
      w={unit ? `${unit.width}px` : 'full'}
      h={unit ? `${unit.height}px` : 'full'}
      transform={`translate(-50%, -50%) scale(${scale})`}
      border="0"
      display="block"
      bg="transparent"
    />
  );
}
