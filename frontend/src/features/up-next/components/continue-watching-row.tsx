import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { UpNextItem } from '@cinefold/contracts';
import { useId } from 'react';
import { LuCheck, LuX } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { CardStrip, CardStripItem, PosterFrame, PosterTitle } from '../../../components/ui/poster-card';
import { PosterImage } from '../../../components/ui/poster-image';
import { SectionHeading } from '../../../components/ui/section-heading';
import { upNextPath, useDismissFromRow, useMarkWatched, useUpNext } from '../api/up-next-api';

const episodeLabel = (item: UpNextItem) =>
  item.next ? `Season ${item.next.season} · Episode ${item.next.episode}` : 'Movie';

function ContinueCard({ item }: { readonly item: UpNextItem }) {
  const dismiss = useDismissFromRow();
  const mark = useMarkWatched();
  const name = item.title || 'Untitled';
  const busy = dismiss.isPending || mark.isPending;
  const markWatched = () =>
    mark.mutate({
      title: item,
      ...(item.next ? { season: item.next.season, episode: item.next.episode } : {}),
    });
  return (
    <CardStripItem className="group">
      <Stack gap="2">
        <Box asChild display="block" borderRadius="xl" focusVisibleRing="outside">
          <Link to={upNextPath(item)} aria-label={`Continue ${name}: ${episodeLabel(item)}`}>
            <Stack gap="2">
              <PosterFrame _groupHover={{ borderColor: 'brand.700' }}>
                <PosterImage path={item.poster} size="w500" alt="" />
              </PosterFrame>
              <Stack gap="0.5" px="0.5">
                <PosterTitle title={name} />
                <Text textStyle="xs" color="fg.muted">
                  {episodeLabel(item)}
                </Text>
              </Stack>
            </Stack>
          </Link>
        </Box>
        <HStack gap="1">
          <IconButton
            size="xs"
            variant="ghost"
            color="fg.muted"
            aria-label={item.next ? `Mark ${name} watched up to this episode` : `Mark ${name} watched`}
            title="Mark watched"
            disabled={busy}
            onClick={markWatched}
          >
            <LuCheck />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            color="fg.muted"
            aria-label={`Remove ${name} from Continue Watching`}
            title="Remove from the row"
            disabled={busy}
            onClick={() => dismiss.mutate(item)}
          >
            <LuX />
          </IconButton>
        </HStack>
      </Stack>
    </CardStripItem>
  );
}

/**
 * "Continue Watching": the signed-in member's titles opened and not finished, newest first, a
 * show at its next episode. Nothing for a guest or a member with nothing to continue.
 */
export function ContinueWatchingRow() {
  const headingId = useId();
  const upNext = useUpNext();
  const items = upNext.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <SectionHeading id={headingId} mb={{ base: '4', md: '5' }}>
        Continue Watching
      </SectionHeading>
      <CardStrip>
        {items.map((item) => (
          <ContinueCard key={`${item.contentType}:${item.contentId}`} item={item} />
        ))}
      </CardStrip>
    </Box>
  );
}
