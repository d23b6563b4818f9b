import { Box, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE_PATH } from '../../lib/api-client';
import {
  noteStartingAnswer,
  siteServesAgain,
  startingSnapshot,
  subscribeToStarting,
} from '../../lib/site-starting';

const POLL_MS = 2000;

/**
 * Shown over the page while the server says it is starting: what it is doing and how far it has
 * got. It asks /api/health until the site serves, then loads every screen's data again.
 */
export function StartingNotice() {
  const starting = useSyncExternalStore(subscribeToStarting, startingSnapshot);
  const queryClient = useQueryClient();

  // One poll for the whole start: each answer updates the snapshot, which must not restart it.
  const isStarting = starting !== null;
  useEffect(() => {
    if (!isStarting) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`${API_BASE_PATH}/health`, { headers: { Accept: 'application/json' } });
        if (cancelled) return;
        if (response.ok) {
          siteServesAgain();
          await queryClient.invalidateQueries();
        } else {
          const { publicHealthResponse, startingMessage } = await import('../../lib/answer-schemas');
          const health = publicHealthResponse.safeParse(await response.json());
          const state = health.success ? health.data.starting : undefined;
          if (state) await noteStartingAnswer(503, { message: startingMessage(state), starting: state });
        }
      } catch {
        // the server is not answering at all yet: ask again
      }
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [isStarting, queryClient]);

  if (!starting) return null;
  const { percent, phase } = starting.starting;
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="modal"
      bg="blackAlpha.800"
      display="flex"
      alignItems="center"
      justifyContent="center"
      p="6"
      role="status"
      aria-live="polite"
    >
      <Stack
        gap="4"
        maxW="md"
        w="full"
        bg="gray.900"
        color="white"
        borderRadius="lg"
        p="8"
        textAlign="center"
      >
        <Heading size="lg">Cinefold is starting</Heading>
        <Text color="gray.300">
          {phase === 'loading' ? 'Loading the catalogue' : 'Building the catalogue'}
          {percent === null ? '' : `: ${Math.floor(percent)}%`}. This page will load by itself when it is
          ready.
        </Text>
        <Progress.Root value={percent} max={100} colorPalette="red" aria-label="Start-up progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
    </Box>
  );
}
