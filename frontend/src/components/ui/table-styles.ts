import { panelCardLook } from './panel-look';

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

/** A row of a back-office table (users, content, audit), lit under the pointer. */
export const adminBodyRow = { bg: 'transparent', _hover: { bg: 'whiteAlpha.50' } } as const;

/** The card around a back-office list or table (users, content, messages, audit, operations). */
export const listCard = { ...panelCardLook, overflow: 'hidden' } as const;

/** An outline button of a back-office row that deletes its item: red, redder under the pointer. */
export const deleteButtonLook = {
  variant: 'outline',
  color: 'red.300',
  _hover: { bg: 'red.500/15', borderColor: 'red.400', color: 'red.200' },
} as const;
