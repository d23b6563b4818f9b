import { Avatar, type AvatarRootProps } from '@chakra-ui/react';

export interface MemberAvatarProps extends Omit<AvatarRootProps, 'children'> {
  readonly name: string;
}

/** The member's initials on the brand gradient; decorative, since the name is always written beside it. */
export function MemberAvatar({ name, ...props }: MemberAvatarProps) {
  return (
    <Avatar.Root
      aria-hidden="true"
      bgGradient="to-br"
      gradientFrom="amber.500"
      gradientTo="brand.700"
      color="white"
      fontWeight="semibold"
      {...props}
    >
      <Avatar.Fallback name={name} />
    </Avatar.Root>
  );
}
