/** The dark, lightly bordered surface of the site's cards and panels (its corners are each card's own). */
export const panelLook = {
  bg: 'rgba(18, 15, 20, 0.85)',
  borderWidth: '1px',
  borderColor: 'whiteAlpha.100',
} as const;

/** The lighter, rounded tile of a short boxed text: a question and its answer, a help note. */
export const tileLook = {
  borderRadius: 'xl',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'whiteAlpha.100',
} as const;
