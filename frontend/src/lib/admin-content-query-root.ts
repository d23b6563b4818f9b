/**
 * The root of the admin content table's cached reads. Here rather than in the admin-content
 * feature because a dataset import changes that table too, without the features importing each
 * other (as `catalogue-query-root.ts` does for the public catalogue).
 */
export const adminContentQueryRoot = ['admin-content'] as const;
