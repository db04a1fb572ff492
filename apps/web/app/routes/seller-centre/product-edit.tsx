import { metaTranslator } from '../../features/catalog/meta-text';
import {
  sellerProductOptionsQueryOptions,
  sellerProductQueryOptions,
} from '../../features/seller-products/api/seller-products';
import { ProductEditorPage } from '../../features/seller-products/components/product-editor-page';
import { apiFromRequest } from '../../lib/api-context';
import { idParam } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/product-edit';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Anything that is no id names no product: the page says it was not found.
  const id = idParam(params.id, 9) ?? 0;
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    Promise.all([
      id > 0 ? client.prefetchQuery(sellerProductQueryOptions(api, id)) : undefined,
      client.prefetchQuery(sellerProductOptionsQueryOptions(api)),
    ]),
  );
  return { id, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Edit product'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopProductEdit({ loaderData }: Route.ComponentProps) {
  return <ProductEditorPage id={loaderData.id} />;
}
