import { AspectRatio, Box, Button, Center, Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { LuExternalLink, LuMonitorPlay, LuRefreshCw, LuServer } from 'react-icons/lu';
import { PLAYER_SERVERS, type PlayerServer } from '../player';

export interface ServerButtonsProps {
  readonly server: PlayerServer;
  readonly onSelect: (server: PlayerServer) => void;
}

/** Server 1 and Server 2: two providers, so a visitor can switch when one does not play. */
export function ServerButtons({ server, onSelect }: ServerButtonsProps) {
  return (
    <HStack role="group" aria-label="Player server" gap="2">
      {PLAYER_SERVERS.map((number) => (
        <Button
          key={number}
          size="sm"
          variant={number === server ? 'solid' : 'outline'}
          aria-pressed={number === server}
          onClick={() => onSelect(number)}
        >
          <LuServer />
          Server {number}
        </Button>
      ))}
    </HStack>
  );
}

export interface PlayerPanelProps {
  readonly heading: string;
  /**
   * The embed address of the chosen server, null when that server is not configured, undefined
   * while the servers are still being asked for.
   */
  readonly url: string | null | undefined;
  readonly server: PlayerServer;
  /** For the frame's accessible name: what is playing. */
  readonly playing: string;
  /** Beside the heading: the server buttons, where the page has no other place for them. */
  readonly controls?: ReactNode;
}

/** The 16:9 embedded player with its fallbacks: a new tab, a reload and a hint for phones. */
export function PlayerPanel({ heading, url, server, playing, controls }: PlayerPanelProps) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Flex justify="space-between" align={{ base: 'start', sm: 'center' }} gap="3" wrap="wrap">
        <HStack gap="3">
          <Icon as={LuMonitorPlay} boxSize="6" color="brand.500" />
          <Heading as="h2" id={headingId} fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold">
            {heading}
          </Heading>
        </HStack>
        {controls}
      </Flex>
      <AspectRatio ratio={16 / 9}>
        <Box
          borderRadius="2xl"
          overflow="hidden"
          bg="black"
          borderWidth="1px"
          borderColor="whiteAlpha.100"
          boxShadow="0 30px 60px -30px rgba(0, 0, 0, 0.9)"
        >
          {url === undefined ? null : url ? (
            <iframe
              // A new address must load a fresh player, not reuse the old one's state.
              key={url}
              src={url}
              title={`${playing} (Server ${server})`}
              width="100%"
              height="100%"
              style={{ border: 0, width: '100%', height: '100%' }}
              allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              referrerPolicy="origin"
            />
          ) : (
            <Center
              h="full"
              w="full"
              bgImage="radial-gradient(ellipse 60% 60% at 50% 40%, rgba(214, 31, 40, 0.18), transparent 70%)"
            >
              <Stack align="center" gap="3" textAlign="center" px="6">
                <Icon as={LuMonitorPlay} boxSize={{ base: '8', md: '12' }} color="fg.subtle" />
                <Text color="fg.muted" fontSize={{ base: 'sm', md: 'md' }}>
                  No player is configured for this server.
                </Text>
              </Stack>
            </Center>
          )}
        </Box>
      </AspectRatio>
      <Flex
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'start', md: 'center' }}
        gap="3"
      >
        <Text color="fg.subtle" textStyle="sm">
          Having trouble on mobile? Try switching servers or open the player directly.
        </Text>
        <HStack gap="2" flexShrink={0}>
          {url ? (
            <Button asChild size="sm" variant="outline">
              <a href={url} target="_blank" rel="noopener noreferrer">
                <LuExternalLink />
                Open in new tab
              </a>
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled>
              <LuExternalLink />
              Open in new tab
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => window.location.reload()}>
            <LuRefreshCw />
            Reload Page
          </Button>
        </HStack>
      </Flex>
    </Stack>
  );
}
