import { data } from 'react-router';
import { PAGE_PLACEHOLDER } from '../../components/ui/pagination';
import { ApiError } from '../../lib/api-client';

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

/** A positive page number from the query string; anything else is page 1. */
export function readPageParam(params: URLSearchParams, name = 'page'): number {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
}

/** The Pagination link template: the current URL with `name=[page]`, other parameters kept. */
export function pageLinkTemplate(pathname: string, params: URLSearchParams, name = 'page'): string {
  const next = new URLSearchParams(params);
  next.delete(name);
  const rest = next.toString();
  return `${pathname}?${rest ? `${rest}&` : ''}${name}=${PAGE_PLACEHOLDER}`;
}

/** The canonical path of a paged page: page 1 has no parameter. */
export function pagedPath(pathname: string, page: number, name = 'page'): string {
  return page > 1 ? `${pathname}?${name}=${page}` : pathname;
}
