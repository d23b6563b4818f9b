import { Box, Container, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { SiteNavItems, SiteNavLink } from '../../components/ui/site-nav-link';
import { headerNavGroups, mainNavItems, type NavGroup } from '../../config/navigation';
import { AccountLinks } from '../../features/auth/components/account-links';

export interface MobileMenuProps {
  readonly id: string;
  readonly onNavigate: () => void;
}

/** One of the header's dropdowns, laid open: its label and its links, two to a row. */
function MenuGroup({ group, onNavigate }: { readonly group: NavGroup; readonly onNavigate: () => void }) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} pt="3">
      <Text id={labelId} textStyle="eyebrow" color="fg.subtle" px="3" pb="1">
        {group.label}
      </Text>
      <SimpleGrid as="ul" listStyleType="none" columns={2} gap="0.5">
        <SiteNavItems items={group.items} placement="dropdown" onNavigate={onNavigate} />
      </SimpleGrid>
    </Box>
  );
}

/**
 * The header's links on a phone: the main pages, the desktop header's dropdowns laid open (the same
 * groups, so the two never differ) and the account links. Taller than a small phone's screen, it
 * scrolls on its own under the fixed header.
 */
export function MobileMenu({ id, onNavigate }: MobileMenuProps) {
  return (
    <Box
      id={id}
      hideFrom="md"
      borderTopWidth="1px"
      borderColor="whiteAlpha.100"
      maxH="calc(100dvh - var(--header-height))"
      overflowY="auto"
      overscrollBehavior="contain"
      animationName="fade-in, slide-from-top"
      animationDuration="moderate"
    >
      <Container maxW="7xl" py="4">
        <Stack as="nav" aria-label="Mobile" gap="1">
          {mainNavItems.map((item) => (
            <SiteNavLink key={item.to} to={item.to} placement="mobile" onClick={onNavigate}>
              {item.label}
            </SiteNavLink>
          ))}
          {headerNavGroups.map((group) => (
            <MenuGroup key={group.label} group={group} onNavigate={onNavigate} />
          ))}
          <Separator my="3" borderColor="whiteAlpha.100" />
          <AccountLinks placement="mobile" onNavigate={onNavigate} />
        </Stack>
      </Container>
    </Box>
  );
}
