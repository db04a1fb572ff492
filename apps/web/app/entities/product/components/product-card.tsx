import type { ProductCard as ProductCardData } from '@shop/contracts/catalog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HeartIcon, Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { ownDirection } from '../../../components/ui/own-direction';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../lib/i18n';
import { effectivePrice, isDiscounted } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useCartControl } from '../../cart/components/cart-control';
import { useWishlistControl, useWishlisted } from '../../wishlist/components/wishlist-control';
import { StarRating } from './star-rating';

export interface ProductCardProps {
  product: ProductCardData;
  /** 'grid' stacks the image above the text; 'row' puts it beside the text (lists, flash sales). */
  layout?: 'grid' | 'row';
  /** Above-the-fold cards load their image eagerly; all others lazily. */
  priority?: boolean;
  /** When given, a heart button toggles the favourite; without it no heart is shown. */
  onToggleWishlist?: (product: ProductCardData) => void;
  /** Extra content under the rating, e.g. a flash-sale progress bar. */
  footer?: ReactNode;
}

/**
 * A product card: a link to the details page while in stock, or while its shop is closed for now
 * (the page says so); a closed shop's product is marked unavailable and has no cart button.
 */
export function ProductCard({
  product,
  layout = 'grid',
  priority = false,
  onToggleWishlist,
  footer,
}: ProductCardProps) {
  const t = useT();
  const inStock = product.quantity > 0;
  const shopClosed = product.shop_closed === true;
  const linked = inStock || shopClosed;
  const discounted = isDiscounted(product);
  const percent = Math.round(product.discount_percentage);
  const row = layout === 'row';
  // Without a prop, the heart comes from the layout's favourite control (the wishlist feature).
  const wishlist = useWishlistControl();
  const toggleWishlist = onToggleWishlist ?? wishlist?.toggle;
  const wishlisted = useWishlisted(onToggleWishlist ? null : wishlist, product);
  // The bag comes from the layout's cart control (the cart feature); digital products are bought, not carted.
  const cartControl = useCartControl();
  const cart = product.is_digital || shopClosed ? null : cartControl;

  const body = (
    <>
      <div
        className={`relative shrink-0 overflow-hidden bg-slate-100 ${row ? 'aspect-square w-28 rounded-lg sm:w-32' : 'aspect-square w-full'}`}
      >
        <Img
          src={product.thumbnail}
          width={product.thumbnail_width}
          height={product.thumbnail_height}
          alt={product.name}
          sizes={row ? '128px' : '(min-width: 1024px) 16vw, (min-width: 640px) 33vw, 50vw'}
          priority={priority}
          className={`size-full object-cover transition duration-300 ${inStock ? 'group-hover:scale-105' : 'grayscale-[60%]'}`}
        />
        {discounted && percent > 0 && (
          <span className="absolute start-0 top-2 rounded-e-md bg-rose-600 px-1.5 py-0.5 text-[11px] font-bold leading-tight text-white shadow-sm">
            {t('{{percent}}% OFF', { percent })}
          </span>
        )}
        {product.is_digital && (
          <span className="absolute bottom-2 start-2 inline-flex items-center gap-1 rounded-full bg-emerald-600/95 px-2 py-0.5 text-[11px] font-semibold leading-tight text-white shadow-sm">
            <svg viewBox="0 0 20 20" className="size-3" fill="currentColor" aria-hidden="true">
              <path d="M11.3 1.05a.75.75 0 0 1 .45.8L10.9 8h4.35a.75.75 0 0 1 .57 1.24l-7 8a.75.75 0 0 1-1.3-.63L8.35 11H4a.75.75 0 0 1-.57-1.24l7-8a.75.75 0 0 1 .87-.2Z" />
            </svg>
            {t('Quick Access')}
          </span>
        )}
        {!inStock && (
          <span className="absolute inset-0 flex items-center justify-center bg-slate-900/35">
            <span className="rounded-full bg-slate-900/80 px-3 py-1 text-center text-xs font-semibold text-white">
              {shopClosed ? t('Shop closed') : t('Stock Out')}
            </span>
          </span>
        )}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${row ? 'py-0.5' : 'p-3'}`}>
        <h3
          dir={ownDirection.dir}
          className={`line-clamp-2 min-h-[2.5em] text-sm leading-snug text-slate-800 ${ownDirection.className}`}
          title={product.name}
        >
          {product.name}
        </h3>
        <div className="flex flex-wrap items-baseline gap-x-1.5">
          <Price amount={effectivePrice(product)} className="text-base font-bold text-slate-900" />
          {discounted && <Price amount={product.price} struck className="text-xs text-slate-500" />}
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-x-1.5 gap-y-0.5 pt-1 text-xs text-slate-500">
          <StarRating rating={product.rating} reviews={product.total_reviews} />
          <span aria-hidden="true" className="text-slate-300">
            ·
          </span>
          {shopClosed ? (
            <span className="font-semibold text-amber-700">{t('Unavailable: the shop is closed for now')}</span>
          ) : inStock ? (
            <span className="whitespace-nowrap">{t('{{sold}} Sold', { sold: product.total_sold })}</span>
          ) : (
            <span className="whitespace-nowrap font-semibold text-rose-600">{t('Stock Out')}</span>
          )}
        </div>
        {footer}
      </div>
    </>
  );

  // In a row the heart and the bag sit over the text column's end, which keeps clear of them.
  const frame = row ? `flex gap-3 p-2.5 ${toggleWishlist || cart ? 'pe-11' : ''}` : 'flex h-full flex-col';
  return (
    <article
      className={`group relative h-full overflow-hidden rounded-xl border border-slate-200/80 bg-white transition ${
        inStock ? 'hover:-translate-y-0.5 hover:border-slate-300 hover:shadow-lg hover:shadow-slate-900/5' : ''
      }`}
    >
      {linked ? (
        <Link
          to={paths.product(product.slug)}
          // The card clips its content, so the focus ring is an overlay over the whole card (the image
          // included), drawn by the link's ::after. A :has() rule on the card did this before; ~30 cards
          // matching :has() made every style pass of the home page slower.
          className={`${frame} rounded-xl outline-none focus-visible:after:pointer-events-none focus-visible:after:absolute focus-visible:after:inset-0 focus-visible:after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-primary-500`}
        >
          {body}
        </Link>
      ) : (
        <div className={frame} aria-disabled="true">
          {body}
        </div>
      )}
      {cart && (
        <span
          className={`pointer-events-none absolute ${row ? 'bottom-2.5 end-2.5' : 'inset-x-0 top-0 aspect-square'}`}
        >
          <button
            type="button"
            onClick={() => cart.add(product)}
            disabled={!inStock || cart.isAdding(product.id)}
            aria-label={t('Add {{name}} to cart', { name: product.name })}
            title={t('Add to Cart')}
            className={`pointer-events-auto flex size-9 items-center justify-center rounded-full bg-primary-700 text-white shadow-md outline-none transition hover:scale-105 hover:bg-primary-800 focus-visible:ring-2 focus-visible:ring-primary-300 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:hover:scale-100 ${row ? '' : 'absolute bottom-2 end-2'}`}
          >
            <Icon name="bag" className="size-5" />
          </button>
        </span>
      )}
      {toggleWishlist && (
        <button
          type="button"
          onClick={() => toggleWishlist(product)}
          disabled={wishlist?.isPending(product.id)}
          aria-pressed={wishlisted}
          aria-label={wishlisted ? t('Remove from wishlist') : t('Add to wishlist')}
          className={`absolute top-2 end-2 flex size-8 items-center justify-center rounded-full bg-white/90 shadow-sm outline-none transition hover:scale-110 focus-visible:ring-2 focus-visible:ring-primary-500 ${
            wishlisted ? 'text-rose-600' : 'text-slate-500'
          }`}
        >
          <HeartIcon filled={wishlisted} className="size-4.5" />
        </button>
      )}
    </article>
  );
}
