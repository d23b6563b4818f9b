import { Stack, type StackProps, Text } from '@chakra-ui/react';
import type { CurrentUser } from '../../../lib/auth/auth-api';

/** The signed-in member's name over their email address, each cut to one line. */
export function MemberIdentity({ user, ...props }: StackProps & { readonly user: CurrentUser }) {
  return (
    <Stack gap="0" {...props}>
      <Text fontWeight="semibold" truncate>
        {user.name}
      </Text>
      <Text textStyle="xs" color="fg.subtle" truncate>
        {user.email}
      </Text>
    </Stack>
  );
}
