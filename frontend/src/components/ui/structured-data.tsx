/** Schema.org data for search engines, as a JSON-LD script where the component is rendered. */
export function StructuredData({ data }: { readonly data: Readonly<Record<string, unknown>> }) {
  // `<` is escaped so a title such as "</script>" cannot end the script early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
