import { type DehydratedState, dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Settings and catalogue data change rarely; a minute keeps navigation free of refetch storms. */
export const DEFAULT_STALE_TIME_MS = 60_000;

/** 4xx answers are final (bad input, missing, not allowed): retrying only delays the message. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Data younger than this came with the page: the server fetched it for this very render. */
const CAME_WITH_PAGE_MS = 5_000;

/**
 * `refetchOnMount` of data that must be current on arrival (the checkout's lines and figures):
 * asked again on every arrival, except right after the server fetched it for the page.
 */
export function refetchUnlessCameWithPage(query: { state: { dataUpdatedAt: number } }): boolean | 'always' {
  return Date.now() - query.state.dataUpdatedAt < CAME_WITH_PAGE_MS ? false : 'always';
}

/** The browser's QueryClient (one per page load). */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** A QueryClient for one server request: never shared between visitors, never retries. */
export function makeServerQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, retry: false, gcTime: Number.POSITIVE_INFINITY },
    },
  });
}

/**
 * Runs a loader's prefetches on a fresh per-request client and returns the dehydrated cache. A
 * route loader returns it as `dehydratedState`; the root hydrates the states of every matched route.
 */
export async function prefetchQueries(prefetch: (client: QueryClient) => Promise<unknown>): Promise<DehydratedState> {
  const client = makeServerQueryClient();
  await prefetch(client);
  return dehydrate(client);
}

/** Merges the `dehydratedState` of every matched route's loader data (root first). */
export function mergeDehydratedStates(states: readonly (DehydratedState | undefined)[]): DehydratedState {
  return {
    mutations: [],
    queries: states.flatMap((s) => s?.queries ?? []),
  };
}

/**
 * Reloads infinite queries from their first page (a chat after sending or on a realtime message):
 * the older pages are dropped, so paging starts again from the newest entries.
 */
export function reloadFromFirstPage(client: QueryClient, queryKey: QueryKey) {
  client.setQueriesData<{ pages: unknown[]; pageParams: unknown[] }>({ queryKey }, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  return client.invalidateQueries({ queryKey });
}
