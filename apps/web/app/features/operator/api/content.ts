import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { BACK_OFFICE_PER_PAGE } from './back-office';
import { operatorQueryKey } from './operator';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contracts = () => import('@shop/contracts/operator-content');

type Query = Record<string, string | number | undefined>;

/** One list of the operator's content: the query is the table's URL params. */
function listOptions<S extends z.ZodType<{ data: unknown }>>(
  api: ApiClient,
  name: string,
  path: string,
  query: Query,
  schema: () => Promise<S>,
) {
  return queryOptions({
    queryKey: [...operatorQueryKey, name, query] as const,
    queryFn: async ({ signal }): Promise<z.infer<S>['data']> =>
      (await api.request(path, { schema, query: { per_page: BACK_OFFICE_PER_PAGE, ...query }, signal })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const contactMessagesQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'contact-messages', '/api/operator/contact-messages', query, () =>
    contracts().then((c) => c.contactMessagesReplySchema),
  );
export const operatorBannersQueryOptions = (api: ApiClient, placement: 'banners' | 'ads', query: Query) =>
  listOptions(api, placement, `/api/operator/${placement}`, query, () =>
    contracts().then((c) => c.operatorBannersReplySchema),
  );
export const operatorPagesQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'pages', '/api/operator/pages', query, () => contracts().then((c) => c.operatorPagesReplySchema));
export const operatorBlogsQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'blogs', '/api/operator/blogs', query, () => contracts().then((c) => c.operatorBlogsReplySchema));

/** POST /api/operator/content-images: a picture for a banner, an ad or a post; its id goes in the form. */
export function useContentImageUpload() {
  const api = useApi();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return api.request('/api/operator/content-images', {
        method: 'POST',
        body: form,
        schema: () => contracts().then((c) => c.contentImageReplySchema),
      });
    },
  });
}

/** Lists of the operator read again after a write elsewhere on the page. */
export function useRefreshOperatorLists() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: operatorQueryKey });
}
