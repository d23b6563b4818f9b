/**
 * The root of every cached catalogue read (home rows, listings, details, seasons). It lives here
 * rather than in the catalogue feature because the back office changes the catalogue too: an
 * import, a hide or a delete clears this whole branch without the features importing each other.
 */
export const catalogueQueryRoot = ['catalogue'] as const;
