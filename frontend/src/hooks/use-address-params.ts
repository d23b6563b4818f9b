import { useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/** Edits a copy of the address's query; `changeAddress` in `useAddressParams` navigates to it. */
export type AddressChange = (next: URLSearchParams) => void;

/**
 * The page's query string as its state, with a setter that is safe to call twice in a row.
 *
 * The router's own setter (even its functional form) builds on the query of the last render, and
 * hands the updater that rendered object to mutate. A second change made before the router has
 * rendered the first (a filter, then at once another) would silently undo the first. Here each change
 * builds on a copy of the address last asked for, until the router renders a new one.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const requested = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    requested.current = null;
  }, [params]);

  const changeAddress = (change: AddressChange, options?: NavigateOptions) => {
    const next = new URLSearchParams(requested.current ?? params);
    change(next);
    requested.current = next;
    setParams(next, options);
  };
  return [params, changeAddress] as const;
}

/** Sets a query parameter, or removes it when the value is empty. */
export function setOrDelete(params: URLSearchParams, name: string, value: string | null | undefined) {
  if (value) params.set(name, value);
  else params.delete(name);
}

/** The rules a list API reads its page number with: an unreadable page fails to parse. */
interface PageQuery {
  safeParse(input: {
    page: string | undefined;
  }): { success: true; data: { page: number } } | { success: false };
}

/** The list page in the address, read with the API's own rules; anything unreadable is page 1. */
export function pageFrom(params: URLSearchParams, query: PageQuery): number {
  const parsed = query.safeParse({ page: params.get('page') ?? undefined });
  return parsed.success ? parsed.data.page : 1;
}

/** A list page as the address holds it: page 1 is left out, so a list's first page has one address. */
export function pageParam(page: number): string | null {
  return page === 1 ? null : String(page);
}
