import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AdminPageHeaderProps {
  readonly title: string;
  /** The line under the heading: what the page is for, or how many things it holds. */
  readonly description: ReactNode;
  /** The page's own controls (a search box, a button, a status): beside the heading, under it on a phone. */
  readonly children?: ReactNode;
}

/** The heading of a back-office page. */
export function AdminPageHeader({ title, description, children }: AdminPageHeaderProps) {
  const heading = (
    <Stack gap="1">
      <Heading as="h1" textStyle="display" fontSize={{ base: '3xl', md: '4xl' }}>
        {title}
      </Heading>
      <Text color="fg.muted">{description}</Text>
    </Stack>
  );
  if (!children) return heading;
  return (
    <Flex
      justify="space-between"
      align={{ base: 'stretch', md: 'end' }}
      gap="4"
      direction={{ base: 'column', md: 'row' }}
    >
      {heading}
      {children}
    </Flex>
  );
}
