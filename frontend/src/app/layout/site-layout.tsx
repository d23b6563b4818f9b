import { Box, Container, Flex } from '@chakra-ui/react';
import { hasBottomAd, isTrackedPath } from '@cinefold/contracts';
import { Outlet, useLocation } from 'react-router-dom';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { usePageViewTracking } from '../../features/traffic/use-page-view-tracking';
import { RouteScrollManager } from './route-scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipToContent } from './skip-to-content';

/** The back office's pages are not traffic (see the site map). */
const skipPageView = (path: string) => !isTrackedPath(path);

/** The frame every page lives in: header, the page, the global bottom ad and the footer. */
export function SiteLayout() {
  const { pathname } = useLocation();
  usePageViewTracking(skipPageView);
  return (
    <Flex direction="column" minH="100dvh">
      <RouteScrollManager />
      <SkipToContent targetId="main-content" />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so pages filling in as their
          data arrives do not push it around in view (layout shift). */}
      <Box as="main" id="main-content" flex="1" minH="100dvh" tabIndex={-1} outline="none">
        <Outlet />
      </Box>
      {/* Keyed by the page: each page shows its own display of the bottom ads. In the pages'
          container, in line with their content and the footer's. */}
      {hasBottomAd(pathname) && (
        <Container maxW="7xl">
          <AdSlot key={pathname} position="global-bottom" />
        </Container>
      )}
      <SiteFooter />
    </Flex>
  );
}
