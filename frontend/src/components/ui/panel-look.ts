/** The site's hairline border: one pixel of faint white. */
export const hairline = { borderWidth: '1px', borderColor: 'whiteAlpha.100' } as const;

/**
 * The site's dark panel surface with its hairline border, `opacity` opaque over what is behind it:
 * the cards and panels, the bars of a list's filters, the account form's card, the header's menus.
 */
export function panelSurface(opacity: number) {
  return { bg: `rgba(18, 15, 20, ${opacity})`, ...hairline } as const;
}

/** The dark, lightly bordered surface of the site's cards and panels (its corners are each card's own). */
export const panelLook = panelSurface(0.85);

/** The site's card: the panel surface with the large corners most cards and panels have. */
export const panelCardLook = { ...panelLook, borderRadius: '2xl' } as const;

/** The bar over a list that holds its search and filters (the catalogue's listings, the back office's content). */
export const filterBarLook = { ...panelSurface(0.75), borderRadius: '2xl' } as const;

/** The lighter, rounded tile of a short boxed text: a question and its answer, a help note. */
export const tileLook = { borderRadius: 'xl', bg: 'bg.subtle', ...hairline } as const;

/**
 * The faint, lightly bordered tile that sets one thing apart on a page or a panel: a profile's card,
 * an import's figure, a reason to watch, the empty grid's icon (its corners are each one's own).
 */
export const faintTileLook = { bg: 'whiteAlpha.50', ...hairline } as const;
