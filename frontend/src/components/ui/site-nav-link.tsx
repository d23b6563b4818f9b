import { chakra, type RecipeVariantProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { NavItem } from '../../config/navigation';
import { navLinkRecipe } from '../../theme/recipes/nav-link';

const StyledLink = chakra('a', navLinkRecipe);

export type SiteNavLinkProps = RecipeVariantProps<typeof navLinkRecipe> & {
  readonly to: string;
  readonly children: ReactNode;
  readonly onClick?: () => void;
  /** Active only on exactly this path, not below it; always so for `/`. */
  readonly end?: boolean;
};

/** A site navigation link that marks the page it points to with `aria-current="page"`. */
export function SiteNavLink({ to, children, onClick, end = false, ...variants }: SiteNavLinkProps) {
  return (
    <StyledLink asChild {...variants}>
      {/* `/` is a prefix of every path; without `end` Home would look active everywhere. */}
      <NavLink to={to} end={end || to === '/'} onClick={onClick}>
        {children}
      </NavLink>
    </StyledLink>
  );
}

export type SiteNavItemsProps = RecipeVariantProps<typeof navLinkRecipe> & {
  readonly items: readonly NavItem[];
  readonly onNavigate?: () => void;
};

/** Navigation links as the items of a list the caller lays out (a column, a grid, a row of chips). */
export function SiteNavItems({ items, onNavigate, ...variants }: SiteNavItemsProps) {
  return (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <SiteNavLink to={item.to} onClick={onNavigate} {...variants}>
            {item.label}
          </SiteNavLink>
        </li>
      ))}
    </>
  );
}
