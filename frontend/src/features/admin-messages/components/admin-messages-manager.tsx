import { adminMessagesQuery } from '@cinefold/contracts';
import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { PaginationNav } from '../../../components/ui/pagination-nav';
import { errorMessageOf } from '../../../lib/api-client';
import { useAdminMessages } from '../api/get-admin-messages';
import { MessageList } from './message-list';

/** The page number in the URL, read with the API's own rules; anything unreadable is page 1. */
function pageFrom(params: URLSearchParams): number {
  const parsed = adminMessagesQuery.safeParse({ page: params.get('page') ?? undefined });
  return parsed.success ? parsed.data.page : 1;
}

/** The back office's inbox: what visitors sent through /contact, newest first, a page at a time. */
export function AdminMessagesManager() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const messages = useAdminMessages(page);

  const onPageChange = (next: number) =>
    setParams((current) => {
      if (next === 1) current.delete('page');
      else current.set('page', String(next));
      return current;
    });

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" textStyle="display" fontSize={{ base: '3xl', md: '4xl' }}>
          Messages
        </Heading>
        <Text color="fg.muted">
          {messages.data
            ? `${messages.data.total} ${messages.data.total === 1 ? 'message' : 'messages'} from the Contact page`
            : 'What visitors sent through the Contact page'}
        </Text>
      </Stack>

      <Box
        bg="rgba(18, 15, 20, 0.85)"
        borderWidth="1px"
        borderColor="whiteAlpha.100"
        borderRadius="2xl"
        overflow="hidden"
        opacity={messages.isPlaceholderData ? 0.6 : 1}
        transition="opacity 0.2s ease"
      >
        {messages.isPending ? (
          <Center py="20" role="status" aria-label="Loading messages">
            <Spinner size="lg" color="brand.500" />
          </Center>
        ) : messages.isError ? (
          <Stack align="center" gap="4" py="16" textAlign="center" role="alert">
            <Text color="fg.muted">{errorMessageOf(messages.error, 'Failed to load messages')}</Text>
            <Button variant="outline" onClick={() => void messages.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : messages.data.messages.length === 0 ? (
          <Text py="16" textAlign="center" color="fg.subtle">
            {page === 1 ? 'No messages yet.' : 'No messages on this page.'}
          </Text>
        ) : (
          <MessageList messages={messages.data.messages} />
        )}
      </Box>

      {messages.data && (
        <PaginationNav
          label="Message pages"
          page={page}
          pages={messages.data.pages}
          onPageChange={onPageChange}
        />
      )}
    </Stack>
  );
}
