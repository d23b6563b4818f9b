import { adminMessagesQuery } from '@cinefold/contracts';
import { Stack } from '@chakra-ui/react';
import { pageFrom, pageParam, setOrDelete, useAddressParams } from '../../../hooks/use-address-params';
import { PaginationNav } from '../../../components/ui/pagination-nav';
import { QueryPanel } from '../../../components/ui/query-panel';
import { errorMessageOf } from '../../../lib/api-client';
import { countOf, noun } from '../../../lib/numbers';
import { useAdminMessages } from '../api/get-admin-messages';
import { MessageList } from './message-list';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';

/** The back office's inbox: what visitors sent through /contact, newest first, a page at a time. */
export function AdminMessagesManager() {
  const [params, changeAddress] = useAddressParams();
  const page = pageFrom(params, adminMessagesQuery);
  const messages = useAdminMessages(page);

  const onPageChange = (next: number) =>
    changeAddress((address) => setOrDelete(address, 'page', pageParam(next)));

  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Messages"
        description={
          messages.data
            ? `${countOf(messages.data.total, noun('message'))} from the Contact page`
            : 'What visitors sent through the Contact page'
        }
      />

      <QueryPanel
        query={messages}
        loadingLabel="Loading messages"
        errorText={errorMessageOf(messages.error, 'Failed to load messages')}
        errorAlert
        empty={(data) =>
          data.messages.length > 0 ? null : page === 1 ? 'No messages yet.' : 'No messages on this page.'
        }
      >
        {(data) => <MessageList messages={data.messages} />}
      </QueryPanel>

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
