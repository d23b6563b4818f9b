import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { faintTileLook } from './panel-look';

export interface SectionCardProps {
  /** The heading's id: the card is labelled by it, so assistive technology names the section. */
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}

/** A titled card of the profile's sections (a setting, a download, an import). */
export function SectionCard({ id, title, children }: SectionCardProps) {
  return (
    <Box as="section" aria-labelledby={id} p={{ base: '5', md: '6' }} {...faintTileLook} borderRadius="xl">
      <Stack gap="5">
        <Heading as="h3" id={id} fontSize="lg">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

export interface ProfileSectionProps {
  /** The heading's id, which names the section. */
  readonly id: string;
  readonly title: string;
  /** The section's cards. */
  readonly children: ReactNode;
}

/** One of the profile's titled sections (account settings, the member's data), over its cards. */
export function ProfileSection({ id, title, children }: ProfileSectionProps) {
  return (
    <Stack as="section" aria-labelledby={id} gap="5">
      <Heading as="h2" id={id} textStyle="display" fontSize={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
