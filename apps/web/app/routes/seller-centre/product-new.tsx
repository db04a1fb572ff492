import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerProductOptionsQueryOptions } from '../../features/seller-products/api/seller-products';
import { ProductEditorPage } from '../../features/seller-products/components/product-editor-page';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/product-new';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(sellerProductOptionsQueryOptions(api)),
  );
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('New product'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopProductNew() {
  return <ProductEditorPage id={null} />;
}
