import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface InfoPageProps {
  readonly eyebrow: string;
  readonly heading: string;
  readonly description: ReactNode;
  readonly children: ReactNode;
}

/** The frame of the site's reading pages (help, terms, privacy, contact): a title block, then the page. */
export function InfoPage({ eyebrow, heading, description, children }: InfoPageProps) {
  return (
    <Box bgImage="radial-gradient(ellipse 55% 40% at 15% 0%, rgba(214, 31, 40, 0.2), transparent 70%), radial-gradient(ellipse 40% 30% at 95% 5%, rgba(251, 191, 36, 0.07), transparent 70%)">
      <Container
        maxW="4xl"
        pt={{ base: 'calc(var(--header-height) + 2rem)', md: 'calc(var(--header-height) + 3.5rem)' }}
        pb={{ base: '12', md: '20' }}
      >
        <Stack gap={{ base: '8', md: '10' }}>
          <Stack gap="3">
            <Text textStyle="eyebrow" color="accent">
              {eyebrow}
            </Text>
            <Heading as="h1" textStyle="display" fontSize={{ base: '4xl', md: '5xl' }}>
              {heading}
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl">
              {description}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
