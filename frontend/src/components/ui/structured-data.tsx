import { structuredDataJson } from '@cinefold/contracts';

/** Schema.org data for search engines, as a JSON-LD script where the component is rendered. */
export function StructuredData({ data }: { readonly data: Readonly<Record<string, unknown>> }) {
  // `<` is escaped so a title such as "</script>" cannot end the script early.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredDataJson(data) }} />;
}
