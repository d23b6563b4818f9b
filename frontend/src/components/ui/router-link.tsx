import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react';
import { Link, type To } from 'react-router-dom';

export interface RouterLinkProps extends Omit<ChakraLinkProps, 'href' | 'asChild'> {
  readonly to: To;
}

/** Chakra's link look with client-side navigation. */
export function RouterLink({ to, children, ...props }: RouterLinkProps) {
  return (
    <ChakraLink asChild {...props}>
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}
