import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { titlePath } from '@cinefold/contracts';
import { useId } from 'react';
import { LuEye } from 'react-icons/lu';
import { RouterLink } from '../../../components/ui/router-link';
import { useNotInterested, useShowAgain } from '../api/up-next-api';

/** The profile's list of titles the member said they are not interested in, each with "Show again". */
export function NotInterestedList() {
  const headingId = useId();
  const list = useNotInterested();
  const showAgain = useShowAgain();
  const items = list.data ?? [];
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as="h2" id={headingId} fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold">
        Not interested
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted">
          Titles you mark “Not interested” leave your rows, listings and suggestions; they are listed here to
          show again.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {items.map((item) => (
            <HStack
              as="li"
              key={`${item.contentType}:${item.contentId}`}
              justify="space-between"
              gap="4"
              py="2"
              borderBottomWidth="1px"
              borderColor="whiteAlpha.100"
            >
              <RouterLink to={titlePath(item.contentType, item.contentId)} fontWeight="medium">
                {item.title || 'Untitled'}
                <Text as="span" color="fg.muted" textStyle="sm">
                  {' '}
                  ({item.contentType === 'tv' ? 'TV show' : 'Movie'})
                </Text>
              </RouterLink>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Show ${item.title || 'this title'} again`}
                disabled={showAgain.isPending}
                onClick={() => showAgain.mutate(item)}
              >
                <LuEye />
                Show again
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
