import type { ContactMessage } from '@cinefold/contracts';
import { Box, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { formatLongDate } from '../../../lib/dates';

/** Each message as a card: who wrote (with a link to answer by e-mail), when, about what, and the text. */
export function MessageList({ messages }: { readonly messages: readonly ContactMessage[] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-label="Messages">
      {messages.map((message) => (
        <Box
          as="li"
          key={message.id}
          px={{ base: '4', md: '6' }}
          py="5"
          borderBottomWidth="1px"
          borderColor="whiteAlpha.100"
          _last={{ borderBottomWidth: '0' }}
        >
          <Flex justify="space-between" gap="3" wrap="wrap" align="baseline">
            <Heading as="h2" fontSize="md" fontWeight="semibold">
              {message.subject}
            </Heading>
            <Text asChild textStyle="xs" color="fg.subtle" whiteSpace="nowrap">
              <time dateTime={message.receivedAt}>{formatLongDate(message.receivedAt)}</time>
            </Text>
          </Flex>
          <Text textStyle="sm" color="fg.muted" mt="1">
            {message.name} ·{' '}
            <Link href={`mailto:${message.email}`} color="brand.fg" wordBreak="break-all">
              {message.email}
            </Link>
          </Text>
          <Text mt="3" color="fg.muted" whiteSpace="pre-wrap" overflowWrap="anywhere">
            {message.message}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
