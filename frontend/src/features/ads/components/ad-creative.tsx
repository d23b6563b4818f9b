import { Box, chakra, Image, Stack, Text } from '@chakra-ui/react';
import type { PublicAd } from '@cinefold/contracts';
import { useEffect, useEffectEvent, useRef } from 'react';
import { API_BASE_PATH } from '../../../lib/api-client';

/**
 * What a network ad's frame may do: run its scripts and open its link in a new tab. Never
 * `allow-same-origin` (it could read the member's token and cookies) nor `allow-top-navigation`
 * (it could take the visitor away). The frame's page carries the same sandbox in its own policy.
 */
export const AD_FRAME_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

export interface AdCreativeProps {
  readonly ad: PublicAd;
  /** The ad sits in a narrow column (the details sidebar): a medium rectangle, not a banner. */
  readonly narrow: boolean;
  readonly onClick: () => void;
}

/** One ad as a slot shows it: from its embed code for a network ad, else image, words and link. */
export function AdCreative({ ad, narrow, onClick }: AdCreativeProps) {
  return ad.type === 'network' ? (
    <NetworkAd ad={ad} narrow={narrow} onClick={onClick} />
  ) : (
    <ImageAd ad={ad} narrow={narrow} onClick={onClick} />
  );
}

/** The site the link leads to, as a hint under the words; the server only stores web addresses. */
function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

function ImageAd({ ad, narrow, onClick }: AdCreativeProps) {
  const content = (
    <Stack direction={narrow ? 'column' : { base: 'column', md: 'row' }} gap="4" align={{ md: 'center' }}>
      {ad.imageUrl && (
        <Image
          src={ad.imageUrl}
          alt={ad.title}
          borderRadius="lg"
          objectFit="cover"
          maxH={narrow ? '48' : '36'}
          maxW={narrow ? 'full' : { base: 'full', md: '64' }}
        />
      )}
      <Stack gap="1" minW="0">
        <Text fontWeight="semibold" fontSize="lg" lineClamp={2}>
          {ad.title}
        </Text>
        {ad.description && (
          <Text color="fg.muted" textStyle="sm" lineClamp={3}>
            {ad.description}
          </Text>
        )}
        {ad.linkUrl && (
          <Text color="brand.400" textStyle="sm" truncate>
            {hostOf(ad.linkUrl)}
          </Text>
        )}
      </Stack>
    </Stack>
  );
  if (!ad.linkUrl) return content;
  return (
    <chakra.a
      href={ad.linkUrl}
      // A new tab that cannot reach back into the site (`window.opener` stays null).
      target="_blank"
      rel="noopener sponsored"
      display="block"
      onClick={onClick}
      onAuxClick={onClick}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', borderRadius: 'lg' }}
    >
      {content}
    </chakra.a>
  );
}

/**
 * The embed code runs in its own page (`/api/ads/{id}/frame`), never in the site's. A click inside
 * a frame of another origin cannot be seen; the window losing the focus to this frame can, and is
 * how such a click is counted.
 */
function NetworkAd({ ad, narrow, onClick }: AdCreativeProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const clicked = useEffectEvent(onClick);
  useEffect(() => {
    const onBlur = () =>
      window.setTimeout(() => {
        if (frame.current && document.activeElement === frame.current) clicked();
      }, 0);
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, []);
  return (
    <Box h={narrow ? '250px' : '120px'} w="full">
      <chakra.iframe
        ref={frame}
        src={`${API_BASE_PATH}/ads/${encodeURIComponent(ad.id)}/frame`}
        sandbox={AD_FRAME_SANDBOX}
        title={ad.title || 'Advertisement'}
        loading="lazy"
        referrerPolicy="no-referrer"
        w="full"
        h="full"
        border="0"
        display="block"
      />
    </Box>
  );
}
