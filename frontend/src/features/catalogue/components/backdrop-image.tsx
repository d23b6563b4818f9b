import { Image, type ImageProps } from '@chakra-ui/react';
import { BACKDROP_SIZES } from '@cinefold/contracts';
import { backdropImage } from '../../../lib/images';

export interface BackdropImageProps extends Omit<ImageProps, 'src'> {
  readonly path: string | null | undefined;
}

/**
 * A wide still behind a hero. Without one (or when it fails to load) the hero's own gradient
 * shows instead: a stretched poster placeholder would look broken at this size. It is the page's
 * largest picture, fetched first; the gateway's first screen draws the same sources, so the
 * browser has usually loaded it before the app renders.
 */
export function BackdropImage({ path, ...props }: BackdropImageProps) {
  const sources = backdropImage(path);
  if (!sources) return null;
  return (
    <Image
      src={sources.src}
      srcSet={sources.srcSet || undefined}
      sizes={sources.srcSet ? BACKDROP_SIZES : undefined}
      fetchPriority="high"
      alt=""
      aria-hidden="true"
      position="absolute"
      inset="0"
      w="full"
      h="full"
      objectFit="cover"
      decoding="async"
      onError={(event) => {
        event.currentTarget.style.visibility = 'hidden';
      }}
      {...props}
    />
  );
}
