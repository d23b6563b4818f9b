import { Image, type ImageProps } from '@chakra-ui/react';
import { type ImageSize, imageUrl, POSTER_PLACEHOLDER } from '../../lib/images';

export interface PosterImageProps extends Omit<ImageProps, 'src'> {
  readonly path: string | null | undefined;
  readonly size?: ImageSize;
}

/** A poster from the image host, falling back to the local placeholder if it is missing or broken. */
export function PosterImage({ path, size, alt = '', ...props }: PosterImageProps) {
  return (
    <Image
      src={imageUrl(path, size)}
      alt={alt}
      loading="lazy"
      decoding="async"
      w="full"
      h="full"
      objectFit="cover"
      onError={(event) => {
        const image = event.currentTarget;
        // Guarded so a missing placeholder cannot loop.
        if (!image.src.endsWith(POSTER_PLACEHOLDER)) image.src = POSTER_PLACEHOLDER;
      }}
      {...props}
    />
  );
}
