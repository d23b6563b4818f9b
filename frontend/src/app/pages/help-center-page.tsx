import { href, sitePageHead } from '@cinefold/contracts';
import { Box, Grid, Heading, HStack, Icon, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuCircleHelp, LuMail, LuSearch } from 'react-icons/lu';
import { InfoPage } from '../../components/ui/info-page';
import { tileLook } from '../../components/ui/panel-look';
import { LinkButton } from '../../components/ui/link-button';
import { SitePageHead } from '../../components/ui/site-page-head';
import { FaqAccordion } from '../../features/support/components/faq-accordion';
import { filterFaqs, helpFaqs, popularTopics } from '../../features/support/help-center-content';

const { description } = sitePageHead('helpCenter');

/** /help-center: the questions visitors ask most, searchable, and a way to reach the team. */
export function HelpCenterPage() {
  const [search, setSearch] = useState('');
  const faqs = filterFaqs(helpFaqs, search);
  const topicsHeading = useId();
  return (
    <>
      <SitePageHead page="helpCenter" />
      <InfoPage eyebrow="Support" heading="Help Center" description={description}>
        <InputGroup startElement={<LuSearch />}>
          <Input
            type="search"
            size="lg"
            placeholder="Search for help..."
            aria-label="Search the help center"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            bg="blackAlpha.400"
            borderColor="whiteAlpha.200"
            borderRadius="full"
          />
        </InputGroup>
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) 16rem' }} gap={{ base: '10', md: '8' }}>
          <Stack as="section" aria-label="Frequently asked questions" gap="4">
            {faqs.length > 0 ? (
              <FaqAccordion faqs={faqs} />
            ) : (
              <Text py="10" textAlign="center" color="fg.subtle" role="status">
                No results found
              </Text>
            )}
          </Stack>
          <Stack gap="6">
            <Box as="section" aria-labelledby={topicsHeading}>
              <Heading id={topicsHeading} as="h2" fontSize="lg" fontWeight="semibold" mb="3">
                Popular Topics
              </Heading>
              <Stack as="ul" listStyleType="none" gap="2">
                {popularTopics.map((topic) => (
                  <HStack as="li" key={topic} gap="2.5" color="fg.muted">
                    <Icon as={LuCircleHelp} color="brand.400" aria-hidden="true" />
                    {topic}
                  </HStack>
                ))}
              </Stack>
            </Box>
            <Stack gap="3" p="5" {...tileLook}>
              <Heading as="h2" fontSize="lg" fontWeight="semibold">
                Still need help?
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                Our team reads every message.
              </Text>
              <LinkButton to={href('contact')}>
                <LuMail />
                Contact Support
              </LinkButton>
            </Stack>
          </Stack>
        </Grid>
      </InfoPage>
    </>
  );
}
