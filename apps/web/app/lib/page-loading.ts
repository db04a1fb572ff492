import { data } from 'react-router';
import { PAGE_PLACEHOLDER } from '../components/ui/pagination';
import { ApiError } from './api-client';

/**
 * A loader's main fetch: the value, null when the API could not answer (the page then shows its
 * error state with "Try again"), or a 404 response when the API says the thing does not exist.
 */
export async function fetchOr404<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw data(null, { status: 404 });
    }
    return null;
  }
}

/** The page number in the URL; anything that is not a whole number from 1 reads as page 1. */
export function readPageParam(params: URLSearchParams, name = 'page'): number {
  const value = params.get(name);
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= 1_000_000 ? page : 1;
}

/**
 * The Pagination link template: the current URL with `name=[page]`, other parameters kept. The
 * placeholder goes in after encoding so its brackets stay literal.
 */
export function pageLinkTemplate(pathname: string, params: URLSearchParams, name = 'page'): string {
  const next = new URLSearchParams(params);
  next.delete(name);
  const rest = next.toString();
  return `${pathname}?${rest ? `${rest}&` : ''}${name}=${PAGE_PLACEHOLDER}`;
}

/**
 * The canonical path of a paged page: the parameters to keep (filters are left out), then the page
 * number from 2; page 1 has no parameter.
 */
export function pagedPath(pathname: string, page: number, keep: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(keep)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The id a path names: a whole number from 1 of at most `maxDigits` digits, else null. With
 * `leadingZeros`, "007" reads as 7 (the order pages read it so); without, it is no id.
 */
export function idParam(value: string | undefined, maxDigits: number, leadingZeros = false): number | null {
  if (!value || !new RegExp(`^\\d{1,${maxDigits}}$`).test(value)) return null;
  if (!leadingZeros && value.startsWith('0')) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/** The headers of a page that shows one signed-in person's data: never stored by a shared cache. */
export function privatePageHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}
