import { Image, type ImageProps } from '@chakra-ui/react';
import { imageUrl } from '../../../lib/images';

export interface BackdropImageProps extends Omit<ImageProps, 'src'> {
  readonly path: string | null | undefined;
}

/**
 * A wide still behind a hero. Without one (or when it fails to load) the hero's own gradient
 * shows instead: a stretched poster placeholder would look broken at this size.
 */
export function BackdropImage({ path, ...props }: BackdropImageProps) {
  if (!path?.trim()) return null;
  return (
    <Image
      src={imageUrl(path, 'w1280')}
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
