import type { ProductCard } from '@shop/contracts/catalog';
import { TOAST } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { buttonClass } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useToggleWishlist, WISHLIST_PER_PAGE, wishlistProductsQueryOptions } from '../api/wishlist';
import { WishlistRemoveDialog } from './wishlist-remove-dialog';

export interface WishlistPageProps {
  /**
   * Draws one favourite. The product card belongs to another feature, so the route passes it in;
   * `requestRemove` opens the favourite-remove confirmation for that product.
   */
  renderProduct: (product: ProductCard, requestRemove: () => void) => ReactNode;
}

/** /wishlist: the favourite products, each removable after a confirmation. */
export function WishlistPage({ renderProduct }: WishlistPageProps) {
  const t = useT();
  const dir = (useRouteLoaderData('root') as { dir?: string } | undefined)?.dir === 'rtl' ? 'rtl' : 'ltr';
  const api = useApi();
  const [page, setPage] = useState(1);
  const wishlist = useQuery(wishlistProductsQueryOptions(api, page));
  const products = wishlist.data?.products;
  const total = wishlist.data?.total ?? 0;
  const remove = useToggleWishlist();
  const [target, setTarget] = useState<ProductCard | null>(null);

  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (reply) => {
        setTarget(null);
        toast.success(reply.message || t('Removed from wishlist'), { autoClose: TOAST.successMs });
      },
      onError: (error) => {
        setTarget(null);
        toast.error(error.message);
      },
    });
  };

  return (
    <section aria-labelledby="wishlist-title" className="flex flex-col gap-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="wishlist-title" className="text-xl font-bold text-slate-900">
          {t('Wishlist')}
        </h1>
        {total > 0 && <p className="text-sm text-slate-500">{t('{{count}} products', { count: total })}</p>}
      </header>

      {!products && wishlist.isPending ? (
        <ul aria-busy="true" aria-label={t('Loading')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-2">
              <Skeleton className="aspect-square w-full rounded-lg" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </li>
          ))}
        </ul>
      ) : !products || (wishlist.isError && !wishlist.isPlaceholderData) ? (
        <ErrorState title={t('We could not load your wishlist')} onRetry={() => void wishlist.refetch()} />
      ) : products.length === 0 ? (
        <EmptyState
          icon="heart"
          title={t('Your wishlist is empty')}
          hint={t('Tap the heart on a product to keep it here.')}
          action={
            <Link to={paths.products} className={buttonClass('primary', 'md')}>
              {t('Browse products')}
            </Link>
          }
        />
      ) : (
        <>
          <ul
            aria-busy={wishlist.isPlaceholderData || undefined}
            className={`grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4 ${wishlist.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {products.map((product) => (
              <li key={product.id}>{renderProduct(product, () => setTarget(product))}</li>
            ))}
          </ul>
          {total > WISHLIST_PER_PAGE && (
            <Pagination
              totalItems={total}
              itemsPerPage={WISHLIST_PER_PAGE}
              modelValue={page}
              dir={dir}
              ariaLabel={t('Wishlist pages')}
              onUpdate={setPage}
            />
          )}
        </>
      )}

      <WishlistRemoveDialog
        product={target}
        removing={remove.isPending}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    </section>
  );
}
