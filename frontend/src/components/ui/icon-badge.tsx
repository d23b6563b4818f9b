import { Box, type BoxProps, Icon, type IconProps } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

export interface IconBadgeProps extends Omit<BoxProps, 'children'> {
  readonly icon: IconType;
  readonly iconSize: IconProps['boxSize'];
}

/** A brand-tinted tile holding an icon, beside what it stands for (a perk, a count); its size is the caller's. */
export function IconBadge({ icon, iconSize, ...props }: IconBadgeProps) {
  return (
    <Box
      flexShrink={0}
      display="grid"
      placeItems="center"
      borderRadius="xl"
      bg="brand.subtle"
      color="brand.400"
      {...props}
    >
      <Icon as={icon} boxSize={iconSize} />
    </Box>
  );
}
