import { href } from '@cinefold/contracts';
import { Box, Button, Icon, Menu, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown, LuLogOut, LuShieldCheck, LuUser } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { dropdownLook } from '../../../components/ui/dropdown-look';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import type { CurrentUser } from '../../../lib/auth/auth-api';
import { MemberIdentity } from './member-identity';

export interface UserMenuProps {
  readonly user: CurrentUser;
  readonly isAdmin: boolean;
  readonly onLogout: () => void;
}

/** The signed-in member's corner of the header: their name, opening Profile, Admin Panel and Logout. */
export function UserMenu({ user, isAdmin, onLogout }: UserMenuProps) {
  return (
    // The header is fixed, so its menu is too: placed in the page, the menu would scroll away
    // from its trigger until the next scroll event placed it again (and a click meant for one
    // item could land on another while it moved).
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 10, strategy: 'fixed' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          h="10"
          ps="1"
          pe="3"
          gap="2.5"
          color="fg"
          bg="blackAlpha.300"
          borderWidth="1px"
          borderColor="whiteAlpha.100"
          _hover={{ bg: 'whiteAlpha.100' }}
          _expanded={{ bg: 'whiteAlpha.100', borderColor: 'whiteAlpha.200' }}
        >
          <MemberAvatar name={user.name} size="xs" />
          <Text as="span" maxW="40" truncate>
            {user.name}
          </Text>
          <Icon as={LuChevronDown} boxSize="3.5" color="fg.subtle" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60" {...dropdownLook}>
            <MemberIdentity user={user} px="3" pt="2" pb="3" />
            <Menu.Separator borderColor="whiteAlpha.100" />
            <Menu.Item value="profile" asChild py="2" cursor="pointer">
              <Link to={href('profile')}>
                <LuUser />
                <Box flex="1">Profile</Box>
              </Link>
            </Menu.Item>
            {isAdmin && (
              <Menu.Item value="admin" asChild py="2" cursor="pointer">
                <Link to={href('adminDashboard')}>
                  <LuShieldCheck />
                  <Box flex="1">Admin Panel</Box>
                </Link>
              </Menu.Item>
            )}
            <Menu.Separator borderColor="whiteAlpha.100" />
            <Menu.Item
              value="logout"
              py="2"
              cursor="pointer"
              color="fg.muted"
              _highlighted={{ color: 'fg', bg: 'brand.subtle' }}
              onSelect={onLogout}
            >
              <LuLogOut />
              <Box flex="1">Logout</Box>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
