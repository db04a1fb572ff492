import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { knownStrings, translationsPath } from '../../../lib/i18n-strings';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const settingsContracts = () => import('@shop/contracts/settings');

/** GET /api/lang/{locale}: the interface strings, English text as key. */
export function translationsQueryOptions(api: ApiClient, locale: string) {
  return queryOptions({
    queryKey: ['translations', locale] as const,
    queryFn: ({ signal }) =>
      api.request(translationsPath(locale), {
        schema: () => settingsContracts().then((c) => c.translationsSchema),
        signal,
      }),
    // The strings change only with a deploy; a language switch reloads the page anyway.
    staleTime: Number.POSITIVE_INFINITY,
    // What this process already holds (below): the page renders and hydrates with it, no request.
    initialData: () => knownStrings(locale),
  });
}
