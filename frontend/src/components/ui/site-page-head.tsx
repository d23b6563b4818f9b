import { type PageId, sitePageHead } from '@cinefold/contracts';

/**
 * The document title and description of a page the site map gives words (the support, account and
 * back-office pages), and its robots rule where it is kept out of search engines: the head the
 * gateway writes into the page it serves, from the same row.
 */
export function SitePageHead({ page }: { readonly page: PageId }) {
  const head = sitePageHead(page);
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.robots && <meta name="robots" content={head.robots} />}
    </>
  );
}
