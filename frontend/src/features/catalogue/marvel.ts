/** The Marvel page's keywords (spec section 9) are shared with the gateway, which writes its head. */
export { isMarvelTitle, MARVEL_KEYWORDS } from '@cinefold/contracts';
