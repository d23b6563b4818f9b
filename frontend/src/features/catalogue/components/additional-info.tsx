import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { panelCardLook } from '../../../components/ui/panel-look';

export interface InfoRow {
  readonly label: string;
  readonly value: ReactNode;
}

export interface AdditionalInfoProps {
  readonly rows: readonly InfoRow[];
  readonly homepage?: string;
}

/** Only http(s) addresses become links: an imported homepage field is free text. */
function safeHomepage(homepage: string | undefined): string | null {
  const value = homepage?.trim();
  return value && /^https?:\/\//i.test(value) ? value : null;
}

/** The 'Additional Information' card: a list of labelled facts and the official website. */
export function AdditionalInfo({ rows, homepage }: AdditionalInfoProps) {
  const website = safeHomepage(homepage);
  return (
    <Box as="section" aria-labelledby="additional-information" p={{ base: '5', md: '6' }} {...panelCardLook}>
      <Heading as="h2" id="additional-information" fontSize="xl" fontWeight="semibold" mb="5">
        Additional Information
      </Heading>
      <Stack as="dl" gap="4">
        {rows.map((row) => (
          <Stack key={row.label} gap="0.5">
            <Text as="dt" textStyle="eyebrow" color="fg.subtle">
              {row.label}
            </Text>
            <Text as="dd" color="fg" wordBreak="break-word">
              {row.value || '—'}
            </Text>
          </Stack>
        ))}
      </Stack>
      {website && (
        <Link
          href={website}
          target="_blank"
          rel="noopener noreferrer"
          mt="6"
          color="brand.fg"
          fontWeight="semibold"
          display="inline-flex"
          alignItems="center"
          gap="1.5"
        >
          Official Website
          <LuExternalLink />
        </Link>
      )}
    </Box>
  );
}
