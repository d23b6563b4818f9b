import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { PosterImage } from '../../../components/ui/poster-image';
import { RouterLink } from '../../../components/ui/router-link';
import { countOf, noun } from '../../../lib/numbers';
import { Panel } from './panel';

export interface RankedTitle {
  readonly id: string | number;
  readonly name: string;
  readonly poster_path: string | null;
  readonly views: number;
}

const VIEWS = noun('view');

/** The most viewed titles, best first: rank, poster, title or name, views. */
export function TopTitlesPanel({
  title,
  titles,
  pathOf,
}: {
  readonly title: string;
  readonly titles: readonly RankedTitle[] | undefined;
  readonly pathOf: (id: string | number) => string;
}) {
  return (
    <Panel title={title}>
      {titles && titles.length > 0 ? (
        <Stack as="ol" gap="3" listStyleType="none">
          {titles.map((entry, i) => (
            <Flex as="li" key={entry.id} align="center" gap="3">
              <Text w="6" textAlign="right" fontWeight="700" color="amber.400">
                {i + 1}
              </Text>
              <Box w="10" h="14" flexShrink={0} borderRadius="md" overflow="hidden" bg="whiteAlpha.100">
                <PosterImage path={entry.poster_path} size="w185" alt="" />
              </Box>
              <RouterLink to={pathOf(entry.id)} flex="1" minW="0" truncate>
                {entry.name}
              </RouterLink>
              <Text color="fg.muted" fontSize="sm" whiteSpace="nowrap">
                {countOf(entry.views, VIEWS)}
              </Text>
            </Flex>
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">No views yet</Text>
      )}
    </Panel>
  );
}
