import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link, type To } from 'react-router-dom';

export interface LinkButtonProps extends Omit<ButtonProps, 'asChild'> {
  readonly to: To;
}

/** A link that looks like a button: it navigates, so it must stay an anchor for assistive tech. */
export function LinkButton({ to, children, ...props }: LinkButtonProps) {
  return (
    <Button asChild {...props}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
