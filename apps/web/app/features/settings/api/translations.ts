import { translationsSchema } from '@shop/contracts/settings';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/lang/{locale}: the interface strings, English text as key. */
export function translationsQueryOptions(api: ApiClient, locale: string) {
  return queryOptions({
    queryKey: ['translations', locale] as const,
    queryFn: ({ signal }) =>
      api.request(`/api/lang/${encodeURIComponent(locale)}`, { schema: translationsSchema, signal }),
    // The strings change only with a deploy; a language switch reloads the page anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
