import { Box, HStack, Icon, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import { SectionHeading } from '../../../components/ui/section-heading';
import { faintTileLook, tileLook } from '../../../components/ui/panel-look';
import { SiteNavItems } from '../../../components/ui/site-nav-link';
import type { GenrePage } from '../../../config/genres';
import type { FaqEntry } from '../genre-landing-content';

/** A landing-page section with the site's red-barred heading. */
function LandingSection({ heading, children }: { readonly heading: string; readonly children: ReactNode }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <SectionHeading id={headingId} mb={{ base: '4', md: '5' }}>
        {heading}
      </SectionHeading>
      {children}
    </Box>
  );
}

/** "Why watch Action movies?": the genre's reasons, each with a tick. */
export function WhyWatchSection({
  label,
  reasons,
}: {
  readonly label: string;
  readonly reasons: readonly string[];
}) {
  return (
    <LandingSection heading={`Why watch ${label} movies?`}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="3">
        {reasons.map((reason) => (
          <HStack as="li" key={reason} gap="3" align="start" p="4" {...faintTileLook} borderRadius="xl">
            <Icon
              as={LuCircleCheck}
              boxSize="5"
              color="brand.400"
              mt="0.5"
              flexShrink={0}
              aria-hidden="true"
            />
            <Text color="fg.muted">{reason}</Text>
          </HStack>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

/** The genre page's questions, every answer shown (they are short, and read well when indexed). */
export function FaqSection({ entries }: { readonly entries: readonly FaqEntry[] }) {
  return (
    <LandingSection heading="Frequently asked questions">
      <Stack as="dl" gap="3">
        {entries.map((entry) => (
          <Box key={entry.question} p={{ base: '4', md: '5' }} {...tileLook}>
            <Text as="dt" fontWeight="semibold" fontSize={{ base: 'md', md: 'lg' }}>
              {entry.question}
            </Text>
            <Text as="dd" mt="1.5" color="fg.muted" lineHeight="tall">
              {entry.answer}
            </Text>
          </Box>
        ))}
      </Stack>
    </LandingSection>
  );
}

/** Chips leading to every other genre page. */
export function OtherGenresSection({ genres }: { readonly genres: readonly GenrePage[] }) {
  return (
    <LandingSection heading="Explore other genres">
      <Wrap as="ul" listStyleType="none" gap="2" aria-label="Other genres">
        <SiteNavItems
          items={genres.map((genre) => ({ label: `${genre.label} Movies`, to: genre.path }))}
          placement="chip"
        />
      </Wrap>
    </LandingSection>
  );
}
