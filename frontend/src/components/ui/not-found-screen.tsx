import { Box, Container, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { LinkButton } from './link-button';

/** The two sizes of the screen: the site's 404 page, and a title page's title that is not there. */
const SIZES = {
  page: {
    minH: '80dvh',
    glow: 'rgba(214, 31, 40, 0.18)',
    maxW: '3xl',
    pt: 'calc(var(--header-height) + 4rem)',
    pb: '20',
    gap: '6',
    heading: { letterSpacing: '0.01em' },
    text: { maxW: 'md' },
  },
  title: {
    minH: '70dvh',
    glow: 'rgba(214, 31, 40, 0.16)',
    maxW: '2xl',
    pt: 'calc(var(--header-height) + 3rem)',
    pb: '16',
    gap: '5',
    heading: {},
    text: {},
  },
} as const;

export interface NotFoundScreenProps {
  readonly size: keyof typeof SIZES;
  /** What stands over the heading: the 404, a title's icon. */
  readonly mark: ReactNode;
  readonly heading: string;
  readonly text: string;
  readonly backTo: string;
  readonly backLabel: string;
}

/** What is shown where there is nothing to show: a mark, the heading, a line and the way back, lit in red. */
export function NotFoundScreen({ size, mark, heading, text, backTo, backLabel }: NotFoundScreenProps) {
  const look = SIZES[size];
  return (
    <Box
      minH={look.minH}
      display="flex"
      alignItems="center"
      bgImage={`radial-gradient(ellipse 50% 45% at 50% 30%, ${look.glow}, transparent 70%)`}
    >
      <Container maxW={look.maxW} pt={look.pt} pb={look.pb} textAlign="center">
        <Stack gap={look.gap} align="center">
          {mark}
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="600" {...look.heading}>
            {heading}
          </Heading>
          <Text color="fg.muted" fontSize="lg" {...look.text}>
            {text}
          </Text>
          <LinkButton to={backTo} size="lg" mt="2">
            <Icon as={LuArrowLeft} />
            {backLabel}
          </LinkButton>
        </Stack>
      </Container>
    </Box>
  );
}
