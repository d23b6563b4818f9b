import { Box, Container, HStack, IconButton, Spacer } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuMenu, LuX } from 'react-icons/lu';
import { Logo } from '../../components/logo';
import { SiteNavLink } from '../../components/ui/site-nav-link';
import { headerNavGroups, mainNavItems } from '../../config/navigation';
import { AccountLinks } from '../../features/auth/components/account-links';
import { useIsScrolled } from '../../hooks/use-is-scrolled';
import { MobileMenu } from './mobile-menu';
import { NavDropdown } from './nav-dropdown';

const MOBILE_MENU_ID = 'mobile-menu';

/** Its own small chunk, fetched once the page is up: the first download of every page stays lean. */
const HeaderSearch = lazy(async () => ({
  default: (await import('../../features/catalogue/components/header-search')).HeaderSearch,
}));

/**
 * Fixed over the page: see-through at the very top so a hero backdrop shows behind it, solid
 * once the page scrolls or the mobile menu opens, so links never sit on top of page content.
 */
export function SiteHeader() {
  const isScrolled = useIsScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const solid = isScrolled || menuOpen;
  const closeMenu = () => setMenuOpen(false);

  return (
    <>
      {menuOpen && (
        // Dims the page under the open menu; a tap outside the menu closes it.
        <Box
          aria-hidden="true"
          hideFrom="md"
          position="fixed"
          inset="0"
          zIndex="calc({zIndex.sticky} - 1)"
          bg="blackAlpha.700"
          animationName="fade-in"
          animationDuration="moderate"
          onClick={closeMenu}
        />
      )}
      <Box
        as="header"
        position="fixed"
        top="0"
        insetX="0"
        zIndex="sticky"
        data-solid={solid}
        bg={solid ? 'bg.header' : 'transparent'}
        backdropFilter={solid ? 'saturate(140%) blur(14px)' : 'none'}
        borderBottomWidth="1px"
        borderColor={solid ? 'whiteAlpha.100' : 'transparent'}
        boxShadow={solid ? '0 10px 30px -12px rgba(0, 0, 0, 0.7)' : 'none'}
        transition="background-color 0.25s ease, border-color 0.25s ease, box-shadow 0.25s ease"
        onKeyDown={(event) => {
          if (event.key === 'Escape') closeMenu();
        }}
      >
        <Container maxW="7xl" h="var(--header-height)" display="flex" alignItems="center" gap="6">
          <Logo />
          <HStack as="nav" aria-label="Main" gap="0.5" hideBelow="md">
            {mainNavItems.map((item) => (
              <SiteNavLink key={item.to} to={item.to} placement="header">
                {item.label}
              </SiteNavLink>
            ))}
            {headerNavGroups.map((group) => (
              <NavDropdown
                key={group.label}
                label={group.label}
                items={group.items}
                columns={group.columns}
              />
            ))}
          </HStack>
          <Spacer hideBelow="lg" />
          <Suspense fallback={<Box flex="1" maxW="sm" />}>
            <HeaderSearch />
          </Suspense>
          <HStack gap="2" hideBelow="md">
            <AccountLinks placement="header" />
          </HStack>
          <IconButton
            hideFrom="md"
            variant="ghost"
            color="fg"
            borderRadius="lg"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <LuX /> : <LuMenu />}
          </IconButton>
        </Container>
        {menuOpen && <MobileMenu id={MOBILE_MENU_ID} onNavigate={closeMenu} />}
      </Box>
    </>
  );
}
