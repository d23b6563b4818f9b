import { titlePath } from '@cinefold/contracts';
import { Box, Button, Center, Heading, Spinner, Stack, Text, Timeline } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBookmark, LuHeart, LuMinus } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { formatRelativeDate } from '../../../lib/dates';
import { useActivity } from '../api/get-activity';
import { activitySentence } from '../activity-sentence';
import { panelCardLook } from '../../../components/ui/panel-look';

/** Enough to see what happened lately without the profile growing without end. */
const FIRST_ENTRIES = 8;

export function ActivityTimeline() {
  const activity = useActivity();
  const [showAll, setShowAll] = useState(false);
  const entries = activity.data ?? [];
  const shown = showAll ? entries : entries.slice(0, FIRST_ENTRIES);

  return (
    <Box as="section" aria-labelledby="activity-heading" p={{ base: '5', md: '8' }} {...panelCardLook}>
      <Heading id="activity-heading" as="h2" textStyle="display" fontSize="2xl" mb="6">
        Activity
      </Heading>
      {activity.isPending ? (
        <Center py="8">
          <Spinner color="brand.500" />
        </Center>
      ) : activity.isError ? (
        <Text color="fg.subtle">Your activity could not be loaded just now.</Text>
      ) : entries.length === 0 ? (
        <Text color="fg.subtle">
          Nothing yet. Titles you add to or remove from your favorites and watchlist show up here.
        </Text>
      ) : (
        <Stack gap="4">
          <Timeline.Root size="lg" variant="subtle">
            {shown.map((entry, index) => {
              const sentence = activitySentence(entry);
              const ActionIcon =
                entry.action === 'removed' ? LuMinus : entry.list === 'favorites' ? LuHeart : LuBookmark;
              return (
                // The same change can repeat within one instant, so position is part of the identity.
                <Timeline.Item key={`${entry.at}-${index}`}>
                  <Timeline.Connector>
                    <Timeline.Separator bg="whiteAlpha.200" />
                    <Timeline.Indicator
                      bg={entry.action === 'added' ? 'brand.subtle' : 'whiteAlpha.100'}
                      color={entry.action === 'added' ? 'brand.400' : 'fg.subtle'}
                      borderWidth="1px"
                      borderColor={entry.action === 'added' ? 'brand.900' : 'whiteAlpha.200'}
                    >
                      <ActionIcon />
                    </Timeline.Indicator>
                  </Timeline.Connector>
                  <Timeline.Content pb="5">
                    <Timeline.Title fontWeight="normal" color="fg.muted" display="block">
                      {sentence.verb}{' '}
                      {entry.contentType ? (
                        <Text
                          as="span"
                          color="fg"
                          fontWeight="semibold"
                          _hover={{ color: 'brand.fg' }}
                          asChild
                        >
                          <Link to={titlePath(entry.contentType, entry.contentId)}>{sentence.title}</Link>
                        </Text>
                      ) : (
                        <Text as="span" color="fg" fontWeight="semibold">
                          {sentence.title}
                        </Text>
                      )}{' '}
                      {sentence.destination}
                    </Timeline.Title>
                    <Timeline.Description color="fg.subtle">
                      <time dateTime={entry.at}>{formatRelativeDate(entry.at)}</time>
                    </Timeline.Description>
                  </Timeline.Content>
                </Timeline.Item>
              );
            })}
          </Timeline.Root>
          {entries.length > FIRST_ENTRIES && (
            <Button variant="ghost" size="sm" alignSelf="start" onClick={() => setShowAll((all) => !all)}>
              {showAll ? 'Show less' : `Show all ${entries.length}`}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
