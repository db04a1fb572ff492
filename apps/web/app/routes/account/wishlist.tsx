import { ProductCard } from '../../entities/product/components/product-card';
import { metaTranslator } from '../../features/catalog/meta-text';
import { wishlistProductsQueryOptions } from '../../features/wishlist/api/wishlist';
import { WishlistPage } from '../../features/wishlist/components/wishlist-page';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/wishlist';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  return {
    dehydratedState: await prefetchQueries((client) => client.prefetchQuery(wishlistProductsQueryOptions(api, 1))),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Wishlist'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function Wishlist() {
  return (
    <WishlistPage
      // Every product here is a favourite; its heart asks before removing it (the favourite-remove modal).
      renderProduct={(product, requestRemove) => (
        <ProductCard product={{ ...product, is_favorite: true }} onToggleWishlist={requestRemove} />
      )}
    />
  );
}
