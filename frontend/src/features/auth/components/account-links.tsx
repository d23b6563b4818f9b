import { href } from '@cinefold/contracts';
import { Box, chakra, HStack, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { LinkButton } from '../../../components/ui/link-button';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { SiteNavLink } from '../../../components/ui/site-nav-link';
import { useAuth } from '../../../lib/auth/auth-context';
import { navLinkRecipe } from '../../../theme/recipes/nav-link';
import { MemberIdentity } from './member-identity';

// A menu needs positioning and focus handling (a good part of Chakra's code): members load it
// when they are signed in, guests never do.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

export interface AccountLinksProps {
  readonly placement: 'header' | 'mobile';
  readonly onNavigate?: () => void;
}

const MobileMenuButton = chakra('button', navLinkRecipe);

/**
 * The account corner of the header: Login and Sign Up for guests, the member's menu once signed
 * in. Nothing at all while the stored session is being checked, so a member never sees the
 * guest links flash by on a reload.
 */
export function AccountLinks({ placement, onNavigate }: AccountLinksProps) {
  const { status, user, isAdmin, logout } = useAuth();
  if (status === 'loading') return null;

  if (user) {
    if (placement === 'header') {
      return (
        <Suspense fallback={<Box h="10" w="32" />}>
          <UserMenu user={user} isAdmin={isAdmin} onLogout={logout} />
        </Suspense>
      );
    }
    return (
      <Stack gap="1">
        <HStack gap="3" px="4" pb="3">
          <MemberAvatar name={user.name} size="sm" />
          <MemberIdentity user={user} minW="0" />
        </HStack>
        <SiteNavLink to={href('profile')} placement="mobile" onClick={onNavigate}>
          Profile
        </SiteNavLink>
        {isAdmin && (
          <SiteNavLink to={href('adminDashboard')} placement="mobile" onClick={onNavigate}>
            Admin Panel
          </SiteNavLink>
        )}
        <MobileMenuButton
          type="button"
          placement="mobile"
          cursor="pointer"
          onClick={() => {
            onNavigate?.();
            void logout();
          }}
        >
          <LuLogOut />
          Logout
        </MobileMenuButton>
      </Stack>
    );
  }

  if (placement === 'mobile') {
    return (
      <Stack gap="2">
        <SiteNavLink to={href('login')} placement="mobile" onClick={onNavigate}>
          Login
        </SiteNavLink>
        <LinkButton to={href('register')} size="lg" w="full" onClick={onNavigate}>
          Sign Up
        </LinkButton>
      </Stack>
    );
  }
  return (
    <>
      <SiteNavLink to={href('login')} placement="header">
        Login
      </SiteNavLink>
      <LinkButton to={href('register')} size="sm" px="5">
        Sign Up
      </LinkButton>
    </>
  );
}
