import { Container, Flex, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { PageSpinner } from '../../components/ui/page-spinner';
import { SiteNavItems } from '../../components/ui/site-nav-link';
import { homeHead, href } from '@cinefold/contracts';
import { PageHeadTags } from '../../components/ui/page-head-tags';
import { genreNavItems } from '../../config/navigation';
import { siteName, siteTagline } from '../../config/site';
import { publicOrigin } from '../../lib/server-head';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { useHomeRows } from '../../features/catalogue/api/get-home';
import { HomeHero } from '../../features/catalogue/components/home-hero';
import { HomeWelcome } from '../../features/catalogue/components/home-welcome';
import { TitleRow } from '../../features/catalogue/components/title-row';
import { summarizeMovie, summarizeTvShow } from '../../features/catalogue/title-summary';
import { ContinueWatchingRow } from '../../features/up-next/components/continue-watching-row';
import { useNotInterestedCards } from '../../features/up-next/components/not-interested-button';

/** The site's promise, with a way into every genre; the page's main heading. */
function TaglineBand() {
  return (
    <Flex
      direction={{ base: 'column', lg: 'row' }}
      align={{ base: 'start', lg: 'center' }}
      justify="space-between"
      gap="4"
      py={{ base: '6', md: '8' }}
      borderBottomWidth="1px"
      borderColor="whiteAlpha.100"
    >
      <Stack gap="1">
        <Text textStyle="eyebrow" color="fg.subtle">
          {siteName}
        </Text>
        <Heading as="h1" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" lineHeight="short">
          {siteTagline}
        </Heading>
      </Stack>
      <Wrap as="ul" listStyleType="none" gap="2" aria-label="Genres">
        <SiteNavItems items={genreNavItems} placement="chip" />
      </Wrap>
    </Flex>
  );
}

export function HomePage() {
  const cardAction = useNotInterestedCards();
  // The page with its eighty cards is built as a deferred render, in slices the browser can
  // answer input between, not in the one long task an answer's update would otherwise run.
  const home = useDeferredValue(useHomeRows());
  const rows = home.data;
  const heroMovie = rows?.trendingMovies[0];

  return (
    <>
      <PageHeadTags head={homeHead(publicOrigin())} />
      {home.isPending ? (
        <PageSpinner label="Loading the home page" />
      ) : (
        <>
          {heroMovie ? (
            <HomeHero movie={summarizeMovie(heroMovie)} adSlot={<AdSlot position="home-hero" />} />
          ) : (
            <HomeWelcome>
              <AdSlot position="home-hero" />
            </HomeWelcome>
          )}
          <Container maxW="7xl" pb={{ base: '12', md: '20' }}>
            {heroMovie && <TaglineBand />}
            <Stack gap={{ base: '10', md: '14' }} pt={{ base: '8', md: '12' }}>
              <ContinueWatchingRow />
              <TitleRow
                heading="Trending Movies"
                viewAllTo={href('movies')}
                titles={(rows?.trendingMovies ?? []).map(summarizeMovie)}
                cardAction={cardAction}
              />
              <TitleRow
                heading="Top Rated Movies"
                viewAllTo={href('movies')}
                titles={(rows?.topRatedMovies ?? []).map(summarizeMovie)}
                cardAction={cardAction}
              />
              <AdSlot position="home-mid" />
              <TitleRow
                heading="Trending TV Shows"
                viewAllTo={href('tvShows')}
                titles={(rows?.trendingTVShows ?? []).map(summarizeTvShow)}
                cardAction={cardAction}
              />
              <TitleRow
                heading="Top Rated TV Shows"
                viewAllTo={href('tvShows')}
                titles={(rows?.topRatedTVShows ?? []).map(summarizeTvShow)}
                cardAction={cardAction}
              />
            </Stack>
          </Container>
        </>
      )}
    </>
  );
}
