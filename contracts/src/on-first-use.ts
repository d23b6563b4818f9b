/**
 * A value made the first time it is asked for, then kept. For things costly to make that a module
 * would otherwise make as it loads, such as `Intl` formatters: the first one of a kind loads its
 * locale's data, which on a phone holds up the app's start by tens of milliseconds.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
