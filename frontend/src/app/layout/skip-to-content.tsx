import { chakra } from '@chakra-ui/react';

/** Lets keyboard users jump past the header links; hidden until it receives focus. */
export function SkipToContent({ targetId }: { readonly targetId: string }) {
  return (
    <chakra.a
      href={`#${targetId}`}
      position="fixed"
      top="3"
      left="3"
      zIndex="skipLink"
      px="4"
      py="2"
      borderRadius="md"
      bg="brand.solid"
      color="brand.contrast"
      fontWeight="semibold"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)' }}
    >
      Skip to content
    </chakra.a>
  );
}
