/** How the site's inputs and selects look on its dark pages. */
export const fieldLook = {
  bg: 'blackAlpha.400',
  borderColor: 'whiteAlpha.200',
  _hover: { borderColor: 'whiteAlpha.400' },
} as const;

/** The label above a form's field. */
export const fieldLabel = { fontWeight: 'medium', color: 'fg.muted' } as const;
