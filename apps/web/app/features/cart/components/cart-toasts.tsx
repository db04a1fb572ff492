import type { Id } from 'react-toastify/unstyled';
import { Img } from '../../../components/ui/img';
import { dismissToasts, notifyCart } from '../../../components/ui/toaster';
import { useT } from '../../../lib/i18n';
import { LineChoice } from './cart-line';

/**
 * What a cart toast shows of the product (thumbnail, or the first of thumbnails,
 * and name), with the colour and size of the line it added or removed.
 */
export interface ToastProduct {
  name: string;
  thumbnail: string;
  thumbnails?: readonly string[];
  color?: { name: string } | null;
  size?: { name: string } | null;
}

interface CartToastProps {
  product: ToastProduct;
  text: string;
  action: string;
  onAction: () => void;
}

/** One cart toast: the product, the sentence, and its button. */
export function CartToast({ product, text, action, onAction }: CartToastProps) {
  const image = product.thumbnail || product.thumbnails?.[0] || '';
  return (
    <div className="flex items-center gap-3">
      {image ? (
        <Img
          src={image}
          alt=""
          width={48}
          height={48}
          className="size-12 shrink-0 rounded-lg border border-slate-200 object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-semibold text-slate-900" dir="auto">
          {product.name}
        </p>
        <LineChoice line={product} />
        <p className="text-xs text-slate-600">{text}</p>
        <button
          type="button"
          onClick={onAction}
          className="mt-1 text-xs font-semibold text-primary-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
        >
          {action}
        </button>
      </div>
    </div>
  );
}

function AddedToast({ product, onView }: { product: ToastProduct; onView: () => void }) {
  const t = useT();
  return (
    <CartToast product={product} text={t('has been added to cart')} action={t('View In Cart')} onAction={onView} />
  );
}

function RemovedToast({ product, onAddAgain }: { product: ToastProduct; onAddAgain: () => void }) {
  const t = useT();
  return (
    <CartToast
      product={product}
      text={t('has been remove to cart.')}
      action={t('Again Add to Cart')}
      onAction={onAddAgain}
    />
  );
}

/** "Added" toasts that may still show (their ids), until the drawer opens. */
const addedToasts = new Set<Id>();

/** Spec section 2: 'has been added to cart' with 'View In Cart', which opens the drawer. */
export function showAddedToast(product: ToastProduct, openCart: () => void): void {
  addedToasts.add(
    notifyCart((close) => (
      <AddedToast
        product={product}
        onView={() => {
          close();
          openCart();
        }}
      />
    )),
  );
}

/**
 * The drawer opened (from the toast, the header or the tab): the "added" toasts have done their
 * job, and on a phone they would sit over the drawer's Proceed to Checkout for the rest of their
 * 3 s. They close at once.
 */
export function closeAddedToasts(): void {
  dismissToasts(addedToasts);
  addedToasts.clear();
}

/** Spec section 2: 'has been remove to cart.' with 'Again Add to Cart' (one unit, no colour, size or unit). */
export function showRemovedToast(product: ToastProduct, addAgain: () => void): void {
  notifyCart((close) => (
    <RemovedToast
      product={product}
      onAddAgain={() => {
        close();
        addAgain();
      }}
    />
  ));
}
