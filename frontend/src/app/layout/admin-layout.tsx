import { Box, Container, Flex, Grid, Icon, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import {
  LuActivity,
  LuClapperboard,
  LuDatabase,
  LuInbox,
  LuLayoutDashboard,
  LuMegaphone,
  LuScrollText,
  LuUsers,
} from 'react-icons/lu';
import { Outlet } from 'react-router-dom';
import { SiteNavLink } from '../../components/ui/site-nav-link';
import { type AdminNavPage, adminNavItems } from '../../config/navigation';
import { panelCardLook } from '../../components/ui/panel-look';

const icons: Record<AdminNavPage, IconType> = {
  adminDashboard: LuLayoutDashboard,
  adminUsers: LuUsers,
  adminContent: LuClapperboard,
  adminAds: LuMegaphone,
  adminDatasets: LuDatabase,
  adminMessages: LuInbox,
  adminOperations: LuActivity,
  adminAudit: LuScrollText,
};

function AdminNav({ placement }: { readonly placement: 'sidebar' | 'chip' }) {
  return (
    <>
      {adminNavItems.map((item) => (
        <SiteNavLink key={item.to} to={item.to} end={item.page === 'adminDashboard'} placement={placement}>
          <Icon as={icons[item.page]} boxSize="4" />
          {item.label}
        </SiteNavLink>
      ))}
    </>
  );
}

/**
 * The frame of every /admin page: the back-office navigation beside the page on wide screens and
 * above it on narrow ones. Nothing here may be indexed (spec section 1): each page's head says so,
 * from the site map's row (SitePageHead).
 */
export function AdminLayout() {
  return (
    <>
      <Box bgImage="radial-gradient(ellipse 50% 40% at 90% 0%, rgba(214, 31, 40, 0.14), transparent 70%)">
        <Container maxW="7xl" pt="calc(var(--header-height) + 2rem)" pb="16">
          <Grid templateColumns={{ base: '1fr', lg: '14rem minmax(0, 1fr)' }} gap={{ base: '6', lg: '10' }}>
            <Box as="aside" hideBelow="lg">
              <Stack
                as="nav"
                aria-label="Admin"
                position="sticky"
                top="calc(var(--header-height) + 2rem)"
                gap="1"
                p="3"
                {...panelCardLook}
              >
                <Text textStyle="eyebrow" color="fg.subtle" px="3" pt="2" pb="3">
                  Admin Panel
                </Text>
                <AdminNav placement="sidebar" />
              </Stack>
            </Box>
            <Flex
              as="nav"
              aria-label="Admin"
              hideFrom="lg"
              gap="2"
              overflowX="auto"
              mx="-4"
              px="4"
              pb="1"
              css={{ scrollbarWidth: 'none' }}
            >
              <AdminNav placement="chip" />
            </Flex>
            <Box minW="0">
              <Outlet />
            </Box>
          </Grid>
        </Container>
      </Box>
    </>
  );
}
