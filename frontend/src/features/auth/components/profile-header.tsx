import { Badge, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCalendar, LuMail, LuShieldCheck, LuUser } from 'react-icons/lu';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import type { CurrentUser } from '../../../lib/auth/auth-api';
import { formatLongDate } from '../../../lib/dates';

/** Who the profile belongs to: name, e-mail, the Admin or Member badge and when they joined. */
export function ProfileHeader({ user }: { readonly user: CurrentUser }) {
  const isAdmin = user.role === 'admin';
  const joined = formatLongDate(user.createdAt);
  return (
    <Stack
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: '5', md: '8' }}
      align={{ base: 'start', sm: 'center' }}
    >
      <MemberAvatar
        name={user.name}
        size="full"
        letterSpacing="0.04em"
        boxSize={{ base: '20', md: '28' }}
        fontSize={{ base: '2xl', md: '4xl' }}
        boxShadow="0 0 0 4px var(--chakra-colors-night), 0 0 0 5px rgba(255, 255, 255, 0.12), 0 20px 50px -15px rgba(214, 31, 40, 0.6)"
      />
      <Stack gap="3" minW="0">
        <HStack gap="3" wrap="wrap">
          <Heading
            as="h1"
            textStyle="display"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1"
            wordBreak="break-word"
          >
            {user.name}
          </Heading>
          <Badge
            size="lg"
            borderRadius="full"
            px="3"
            variant={isAdmin ? 'solid' : 'subtle'}
            colorPalette={isAdmin ? 'brand' : 'gray'}
            textTransform="uppercase"
            letterSpacing="0.12em"
            fontSize="xs"
          >
            <Icon as={isAdmin ? LuShieldCheck : LuUser} />
            {isAdmin ? 'Admin' : 'Member'}
          </Badge>
        </HStack>
        <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '1.5', md: '6' }} color="fg.muted">
          <HStack gap="2" minW="0">
            <Icon as={LuMail} color="fg.subtle" />
            <Text truncate>{user.email}</Text>
          </HStack>
          {joined && (
            <HStack gap="2">
              <Icon as={LuCalendar} color="fg.subtle" />
              <Text>Member since {joined}</Text>
            </HStack>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
