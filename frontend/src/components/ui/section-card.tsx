import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** The heading's id: the card is labelled by it, so assistive technology names the section. */
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}

/** A titled card of the profile's sections (a setting, a download, an import). */
export function SectionCard({ id, title, children }: SectionCardProps) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      p={{ base: '5', md: '6' }}
      bg="whiteAlpha.50"
      borderWidth="1px"
      borderColor="whiteAlpha.100"
      borderRadius="xl"
    >
      <Stack gap="5">
        <Heading as="h3" id={id} fontSize="lg">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
