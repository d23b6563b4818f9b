import { Button, type ButtonProps } from '@chakra-ui/react';

export interface ToggleButtonProps extends Omit<ButtonProps, 'variant' | 'aria-pressed'> {
  readonly pressed: boolean;
}

/**
 * A button that is on or off (in Favorites, not interested, an ad running): filled when on,
 * outlined when off, and announced as pressed or not. Sized for a detail page unless told.
 */
export function ToggleButton({ pressed, ...props }: ToggleButtonProps) {
  return (
    <Button
      size={{ base: 'md', md: 'lg' }}
      variant={pressed ? 'solid' : 'outline'}
      aria-pressed={pressed}
      {...props}
    />
  );
}
