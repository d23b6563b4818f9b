import { Box, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuBookmark, LuHeart, LuHistory } from 'react-icons/lu';
import { IconBadge } from '../../../components/ui/icon-badge';
import { panelSurface } from '../../../components/ui/panel-look';
import { RouterLink } from '../../../components/ui/router-link';

interface Perk {
  readonly icon: IconType;
  readonly title: string;
  readonly text: string;
}

const perks: readonly Perk[] = [
  { icon: LuHeart, title: 'Favorites', text: 'Keep the films and shows you love one click away.' },
  { icon: LuBookmark, title: 'Watchlist', text: 'Save what you want to watch next, for tonight or later.' },
  { icon: LuHistory, title: 'Watch history', text: 'Find your way back to anything you have opened.' },
];

export interface AuthScreenProps {
  readonly eyebrow: string;
  readonly title: string;
  readonly description: string;
  readonly children: ReactNode;
  /** The line under the form: a question, and a link to where its answer is (sign-up for sign-in). */
  readonly footer: AuthScreenFooter;
}

export interface AuthScreenFooter {
  readonly question: string;
  readonly to: string;
  readonly label: string;
}

/** The stage both account forms stand on: the form in a card, what an account is for beside it. */
export function AuthScreen({ eyebrow, title, description, children, footer }: AuthScreenProps) {
  return (
    <Box
      position="relative"
      minH="100dvh"
      overflow="hidden"
      bg="night"
      bgImage="radial-gradient(ellipse 55% 50% at 85% 10%, rgba(214, 31, 40, 0.28), transparent 70%), radial-gradient(ellipse 45% 45% at 5% 95%, rgba(251, 191, 36, 0.12), transparent 70%)"
    >
      <Container
        maxW="6xl"
        position="relative"
        pt={{ base: 'calc(var(--header-height) + 2rem)', md: 'calc(var(--header-height) + 4rem)' }}
        pb={{ base: '12', md: '20' }}
      >
        <Grid
          templateColumns={{ base: '1fr', lg: '1fr minmax(0, 28rem)' }}
          gap={{ base: '10', lg: '20' }}
          alignItems="center"
        >
          <Stack gap="8" hideBelow="lg" maxW="md">
            <Stack gap="4">
              <Text textStyle="eyebrow" color="accent">
                {eyebrow}
              </Text>
              <Text as="p" textStyle="display" fontSize="6xl">
                Your cinema,{' '}
                <Box as="span" color="brand.500">
                  your way
                </Box>
              </Text>
              <Text color="fg.muted" fontSize="lg">
                Watching is free for everyone. An account remembers what matters to you.
              </Text>
            </Stack>
            <Stack as="ul" gap="5" listStyleType="none">
              {perks.map((perk) => (
                <HStack as="li" key={perk.title} gap="4" align="start">
                  <IconBadge
                    icon={perk.icon}
                    boxSize="11"
                    iconSize="5"
                    borderWidth="1px"
                    borderColor="brand.900"
                  />
                  <Stack gap="0.5">
                    <Text fontWeight="semibold">{perk.title}</Text>
                    <Text color="fg.subtle" textStyle="sm">
                      {perk.text}
                    </Text>
                  </Stack>
                </HStack>
              ))}
            </Stack>
          </Stack>
          <Box
            w="full"
            maxW="28rem"
            mx="auto"
            p={{ base: '6', sm: '10' }}
            {...panelSurface(0.82)}
            backdropFilter="blur(18px)"
            borderRadius="2xl"
            boxShadow="0 40px 80px -30px rgba(0, 0, 0, 0.9), inset 0 1px 0 rgba(255, 255, 255, 0.04)"
          >
            <Stack gap="8">
              <Stack gap="2">
                <Heading as="h1" textStyle="display" fontSize={{ base: '4xl', md: '5xl' }}>
                  {title}
                </Heading>
                <Text color="fg.muted">{description}</Text>
              </Stack>
              {children}
              <Text textAlign="center" color="fg.subtle" textStyle="sm">
                {footer.question}{' '}
                <RouterLink to={footer.to} color="brand.fg" fontWeight="semibold">
                  {footer.label}
                </RouterLink>
              </Text>
            </Stack>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
