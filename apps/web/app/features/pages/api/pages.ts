import { legalPageReplySchema } from '@shop/contracts/content';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/legal-pages/{slug}: a policy or CMS page's title and HTML. */
export function pageQueryOptions(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['page', slug] as const,
    queryFn: async ({ signal }) =>
      (await api.request(`/api/legal-pages/${encodeURIComponent(slug)}`, { schema: legalPageReplySchema, signal })).data
        .content,
  });
}
