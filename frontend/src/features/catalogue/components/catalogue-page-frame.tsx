import { Box, Container, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The padded, softly lit page every listing and landing page sits in, below the fixed header. */
export function CataloguePageFrame({ children }: { readonly children: ReactNode }) {
  return (
    <Box bgImage="radial-gradient(ellipse 55% 40% at 10% 0%, rgba(214, 31, 40, 0.2), transparent 70%), radial-gradient(ellipse 35% 28% at 95% 5%, rgba(251, 191, 36, 0.07), transparent 70%)">
      <Container
        maxW="7xl"
        pt={{ base: 'calc(var(--header-height) + 1.25rem)', md: 'calc(var(--header-height) + 3rem)' }}
        pb={{ base: '12', md: '20' }}
      >
        {/* Close-set on phones: the page's first titles belong on its first screen. */}
        <Stack gap={{ base: '4', md: '10' }}>{children}</Stack>
      </Container>
    </Box>
  );
}
