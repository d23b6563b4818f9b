import { Box, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { PLAYER_ANCHOR } from '@cinefold/contracts';
import type { ReactNode } from 'react';

export interface DetailLayoutProps {
  readonly hero: ReactNode;
  /** The player (and the episode picker for a show). */
  readonly player: ReactNode;
  readonly overview: string;
  readonly info: ReactNode;
  readonly adTop?: ReactNode;
  readonly adSidebar?: ReactNode;
  readonly adBottom?: ReactNode;
}

/** Hero across the top, then the player and overview beside a sidebar of facts. */
export function DetailLayout({
  hero,
  player,
  overview,
  info,
  adTop,
  adSidebar,
  adBottom,
}: DetailLayoutProps) {
  return (
    <>
      {hero}
      <Container maxW="7xl" pb={{ base: '12', md: '20' }} pt={{ base: '2', md: '4' }}>
        <Stack gap={{ base: '8', md: '10' }}>
          {adTop}
          <Grid
            templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 22rem' }}
            gap={{ base: '8', lg: '10' }}
            alignItems="start"
          >
            <Stack gap={{ base: '8', md: '10' }} minW="0">
              {/* Watch Now's anchor; scrolled to, its top clears the fixed header. */}
              <Box id={PLAYER_ANCHOR} scrollMarginTop="calc(var(--header-height) + 1rem)">
                {player}
              </Box>
              <Stack as="section" aria-labelledby="overview-heading" gap="3">
                <Heading
                  as="h2"
                  id="overview-heading"
                  fontSize={{ base: 'xl', md: '2xl' }}
                  fontWeight="semibold"
                >
                  Overview
                </Heading>
                <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall">
                  {overview || 'No overview is available yet.'}
                </Text>
              </Stack>
            </Stack>
            <Stack
              as="aside"
              gap="6"
              position={{ lg: 'sticky' }}
              top={{ lg: 'calc(var(--header-height) + 1.5rem)' }}
            >
              {info}
              {adSidebar}
            </Stack>
          </Grid>
          {adBottom}
        </Stack>
      </Container>
    </>
  );
}
