import type { CartProduct, CheckoutShopGroup } from '@shop/contracts/cart';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { ownDirection } from '../../../components/ui/own-direction';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../lib/i18n';
import { effectivePrice, isDiscounted } from '../../../lib/money';
import { paths } from '../../../lib/paths';

export interface CheckoutItemsProps {
  groups: readonly CheckoutShopGroup[];
  /** Multi-vendor mode shows a header per shop (single-vendor hides them). */
  showShops: boolean;
}

/** The lines about to be ordered, grouped by shop: one order per shop. */
export function CheckoutItems({ groups, showShops }: CheckoutItemsProps) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <section
          key={group.shop_id}
          aria-label={showShops ? group.shop_name : t('Items')}
          className="overflow-hidden rounded-xl border border-slate-200"
          data-testid="checkout-shop"
        >
          {showShops && (
            <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2.5">
              <Icon name="storefront" className="size-4 text-slate-500" />
              <Link
                to={paths.shop(group.shop_slug)}
                className="font-semibold text-slate-900 hover:text-primary-700 hover:underline"
              >
                {group.shop_name}
              </Link>
              {group.coupon && (
                <span className="ms-auto rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800">
                  {t('Coupon')}: <span dir="ltr">{group.coupon.code}</span>
                </span>
              )}
            </header>
          )}
          <ul className="divide-y divide-slate-100">
            {group.products.map((product) => (
              <CheckoutLine key={product.cart_item_id} product={product} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function CheckoutLine({ product }: { product: CartProduct }) {
  const t = useT();
  return (
    <li className="flex gap-3 p-3 sm:p-4" data-testid="checkout-line">
      <Img
        src={product.thumbnail}
        width={64}
        height={64}
        alt=""
        className="size-16 shrink-0 rounded-lg border border-slate-100 bg-slate-50 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={paths.product(product.slug)}
          dir={ownDirection.dir}
          className={`line-clamp-2 text-sm font-medium text-slate-900 hover:text-primary-700 hover:underline ${ownDirection.className}`}
        >
          {product.name}
        </Link>
        {(product.color || product.size) && (
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500">
            {product.color && (
              <span className="inline-flex items-center gap-1">
                {t('Color')}:
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-full border border-slate-300"
                  style={{ backgroundColor: product.color.color_code }}
                />
                {product.color.name}
              </span>
            )}
            {product.size && (
              <span>
                {t('Size')}: {product.size.name}
              </span>
            )}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 text-sm">
          <span className="flex flex-wrap items-baseline gap-x-1.5 text-slate-600">
            <span>{t('Qty')}:</span>
            <span className="font-semibold text-slate-900" data-testid="checkout-line-quantity">
              {product.quantity}
            </span>
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t('Unit price')}</span>
            <Price amount={effectivePrice(product)} className="font-semibold text-slate-900" />
            {isDiscounted(product) && <Price amount={product.price} struck className="text-xs text-slate-500" />}
          </span>
          <Price amount={product.subtotal} decimals={2} className="font-semibold text-primary-700" />
        </div>
      </div>
    </li>
  );
}
