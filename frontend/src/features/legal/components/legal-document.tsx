import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { formatLongDate } from '../../../lib/dates';
import { panelCardLook } from '../../../components/ui/panel-look';

export interface LegalSection {
  readonly heading: string;
  /** Paragraphs, or lists, of the section. */
  readonly body: ReactNode;
}

function Section({ number, section }: { readonly number: number; readonly section: LegalSection }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading id={headingId} as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" mb="3">
        {`${number}. ${section.heading}`}
      </Heading>
      <Stack gap="3" color="fg.muted" lineHeight="tall" css={{ '& ul': { ps: '5', listStyleType: 'disc' } }}>
        {section.body}
      </Stack>
    </Box>
  );
}

/**
 * Terms and Privacy: numbered sections under the effective date, which the spec (section 2) sets
 * to the day the page is read.
 */
export function LegalDocument({ sections }: { readonly sections: readonly LegalSection[] }) {
  return (
    <Stack gap="8" p={{ base: '5', md: '8' }} {...panelCardLook}>
      <Text textStyle="sm" color="fg.subtle">
        Effective date: {formatLongDate(new Date())}
      </Text>
      {sections.map((section, index) => (
        <Section key={section.heading} number={index + 1} section={section} />
      ))}
    </Stack>
  );
}
