import { Box, Container, Separator, Stack } from '@chakra-ui/react';
import { SiteNavLink } from '../../components/ui/site-nav-link';
import { mainNavItems } from '../../config/navigation';
import { AccountLinks } from '../../features/auth/components/account-links';

export interface MobileMenuProps {
  readonly id: string;
  readonly onNavigate: () => void;
}

export function MobileMenu({ id, onNavigate }: MobileMenuProps) {
  return (
    <Box
      id={id}
      hideFrom="md"
      borderTopWidth="1px"
      borderColor="whiteAlpha.100"
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
          <Separator my="3" borderColor="whiteAlpha.100" />
          <AccountLinks placement="mobile" onNavigate={onNavigate} />
        </Stack>
      </Container>
    </Box>
  );
}
