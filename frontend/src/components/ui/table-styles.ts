/** The header cells of the back office's tables (users, content). */
export const adminHeaderCell = {
  color: 'fg.subtle',
  textStyle: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: '0.12em',
  bg: 'whiteAlpha.50',
  borderColor: 'whiteAlpha.100',
  py: '3',
  px: { base: '3', md: '4' },
} as const;
