import type { Cart, CartProduct, CartShopGroup } from '@shop/contracts/cart';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import type { CartLineAction } from '../../../entities/cart/api/cart';
import { ChatWithShopButton } from '../../../entities/chat/components/chat-control';
import { ShopClosedNotice } from '../../../entities/shop/components/shop-closed-notice';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { CartLine } from './cart-line';
import { VoucherDialog, type VoucherDialogShop } from './voucher-dialog';

export interface CartDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The cart, or undefined while it loads (a visitor's cart is empty). */
  cart: Cart | undefined;
  loading: boolean;
  /** Settings' multi_vendor: each shop then gets its select toggle, rating and vouchers. */
  multiVendor: boolean;
  selectedShopIds: readonly number[];
  onToggleShop: (shopId: number) => void;
  /** Lines (cart_item_id) whose change is running. */
  busyLines: ReadonlySet<number>;
  onChangeLine: (line: CartProduct, action: CartLineAction) => void;
  /** Cart Amount: the checkout preview's subtotal of the selected shops; undefined while it loads. */
  amount: number | undefined;
  onProceed: () => void;
  /** A voucher call answered 401. */
  onUnauthorized: () => void;
}

/**
 * The cart drawer: "My Cart" grouped by shop, "Cart is empty", Cart
 * Amount and "Proceed to Checkout". A side panel at the inline end with dialog semantics (focus
 * trapped, Escape closes).
 */
export function CartDrawer({
  open,
  onClose,
  cart,
  loading,
  multiVendor,
  selectedShopIds,
  onToggleShop,
  busyLines,
  onChangeLine,
  amount,
  onProceed,
  onUnauthorized,
}: CartDrawerProps) {
  const t = useT();
  const [voucherShop, setVoucherShop] = useState<VoucherDialogShop | null>(null);
  const groups = cart?.cart_items ?? [];
  const empty = !loading && groups.length === 0;

  return (
    <AppDialog open={open} onClose={onClose} title={t('My Cart')} placement="end">
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {loading && groups.length === 0 ? (
          <div className="space-y-4 p-5" aria-busy="true">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-20 w-full rounded-xl" />
            <Skeleton className="h-20 w-full rounded-xl" />
          </div>
        ) : empty ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
              <Icon name="bag" className="size-8" />
            </span>
            <p className="font-semibold text-slate-800">{t('Cart is empty')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {groups.map((group) => (
              <li key={group.shop_id} className="px-4 py-3 sm:px-5">
                <ShopGroup
                  group={group}
                  multiVendor={multiVendor}
                  selected={selectedShopIds.includes(group.shop_id)}
                  onToggle={() => onToggleShop(group.shop_id)}
                  onVouchers={() => setVoucherShop({ id: group.shop_id, name: group.shop_name })}
                  busyLines={busyLines}
                  onChangeLine={onChangeLine}
                  onNavigate={onClose}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {!empty && groups.length > 0 && (
        <div className="shrink-0 border-t border-slate-200 bg-white px-4 py-4 sm:px-5">
          <div className="mb-3 flex items-center justify-between gap-3">
            <span className="text-sm font-medium text-slate-600">{t('Cart Amount')}</span>
            {amount === undefined ? (
              <Skeleton className="h-6 w-28" />
            ) : (
              <Price amount={amount} decimals={2} className="text-lg font-bold text-slate-900" />
            )}
          </div>
          <Button size="lg" className="w-full" onClick={onProceed}>
            {t('Proceed to Checkout')}
          </Button>
        </div>
      )}
      <VoucherDialog shop={voucherShop} onClose={() => setVoucherShop(null)} onUnauthorized={onUnauthorized} />
    </AppDialog>
  );
}

function ShopGroup({
  group,
  multiVendor,
  selected,
  onToggle,
  onVouchers,
  busyLines,
  onChangeLine,
  onNavigate,
}: {
  group: CartShopGroup;
  multiVendor: boolean;
  selected: boolean;
  onToggle: () => void;
  onVouchers: () => void;
  busyLines: ReadonlySet<number>;
  onChangeLine: (line: CartProduct, action: CartLineAction) => void;
  onNavigate: () => void;
}) {
  const t = useT();
  return (
    <section aria-label={group.shop_name}>
      {multiVendor && (
        <header className="flex flex-col gap-1.5 pb-1">
          <div className="flex min-w-0 items-center gap-2.5">
            <input
              type="checkbox"
              checked={selected}
              onChange={onToggle}
              aria-label={t('Select {{shop}}', { shop: group.shop_name })}
              className="size-5 shrink-0 cursor-pointer rounded border-slate-300 accent-primary-700"
            />
            <Avatar
              src={group.shop_logo}
              name={group.shop_name}
              size={32}
              className="size-8 rounded-full bg-primary-100"
              imageClassName="size-full rounded-full border border-slate-200 object-cover"
              initialClassName="text-sm font-bold text-primary-800"
            />
            <Link
              to={paths.shop(group.shop_slug)}
              onClick={onNavigate}
              className="min-w-0 truncate text-sm font-semibold text-slate-900 hover:text-primary-700 hover:underline"
              dir="auto"
            >
              {group.shop_name}
            </Link>
            <span className="ms-auto flex shrink-0 items-center gap-1 text-xs text-slate-600">
              <Stars rating={group.shop_rating} small />
              <span>{group.shop_rating.toFixed(1)}</span>
            </span>
          </div>
          <div className="ms-[4.5rem] flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={onVouchers}
              aria-haspopup="dialog"
              className="inline-flex items-center gap-1.5 rounded-lg border border-dashed border-primary-400 px-2.5 py-1 text-xs font-semibold text-primary-700 transition hover:bg-primary-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
            >
              <Icon name="ticket" className="size-4" />
              {t('Apply Store voucher')}
            </button>
            {/* The drawer is modal: it closes first, so the chat sidebar is not left behind it. */}
            <ChatWithShopButton
              target={{ shop: { id: group.shop_id, name: group.shop_name, logo: group.shop_logo } }}
              onBeforeOpen={onNavigate}
              compact
              className="inline-flex items-center rounded-lg border border-primary-400 p-1.5 text-primary-700 transition hover:bg-primary-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 disabled:opacity-60"
            />
          </div>
        </header>
      )}
      {/* Its lines stay, but the shop takes no order until it opens again. */}
      {group.shop_closed && <ShopClosedNotice shopName={group.shop_name} className="my-2" />}
      <ul className="divide-y divide-slate-100">
        {group.products.map((line) => (
          <li key={line.cart_item_id}>
            <CartLine
              line={line}
              busy={busyLines.has(line.cart_item_id)}
              onChange={(action) => onChangeLine(line, action)}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
