import { type PageHead, SITE_NAME } from '@cinefold/contracts';
import { publicOrigin } from '../../lib/server-head';
import { StructuredData } from './structured-data';

/**
 * A page's head for search engines and link previews (React puts the tags in <head>): the same
 * tags the gateway writes into the HTML it serves, from the same description (contracts' seo.ts).
 */
export function PageHeadTags({ head }: { readonly head: PageHead }) {
  const url = `${publicOrigin()}${head.path}`;
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <link rel="canonical" href={url} />
      {head.robots && <meta name="robots" content={head.robots} />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={head.ogType} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={url} />
      {head.image && <meta property="og:image" content={head.image} />}
      <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={head.title} />
      <meta name="twitter:description" content={head.description} />
      {head.image && <meta name="twitter:image" content={head.image} />}
      {head.structuredData.map((data) => (
        <StructuredData key={String(data['@type'])} data={data} />
      ))}
    </>
  );
}
