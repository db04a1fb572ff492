import type { CartProduct } from '@shop/contracts/cart';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { ownDirection } from '../../../components/ui/own-direction';
import { Price } from '../../../components/ui/price';
import type { CartLineAction } from '../../../entities/cart/api/cart';
import { useT } from '../../../lib/i18n';
import { effectivePrice, isDiscounted } from '../../../lib/money';
import { paths } from '../../../lib/paths';

export interface CartLineProps {
  line: CartProduct;
  /** True while a change of this line is running: its buttons wait. */
  busy: boolean;
  onChange: (action: CartLineAction) => void;
  /** Following the link leaves the drawer. */
  onNavigate: () => void;
}

/**
 * The line's name for its buttons and quantity: with its colour and size, since one product may
 * be in the cart in several (Black S and Green M are two lines).
 */
export function lineName(line: Pick<CartProduct, 'name' | 'color' | 'size'>): string {
  const choice = [line.color?.name, line.size?.name].filter(Boolean).join(', ');
  return choice ? `${line.name} (${choice})` : line.name;
}

/** "Size: M  Color: Green" of a line or a toast, when it has either. */
export function LineChoice({ line }: { line: { color?: { name: string } | null; size?: { name: string } | null } }) {
  const t = useT();
  if (!line.size && !line.color) return null;
  return (
    <p className="flex flex-wrap gap-x-3 text-xs text-slate-500" data-testid="cart-line-choice">
      {line.size && <span>{t('Size: {{name}}', { name: line.size.name })}</span>}
      {line.color && <span>{t('Color: {{name}}', { name: line.color.name })}</span>}
    </p>
  );
}

const stepButton =
  'inline-flex size-8 items-center justify-center text-slate-700 transition hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-500';

/**
 * A mini-cart row: thumbnail, brand, name, price, discount price, discount
 * percentage, size name, colour name and quantity with increment, decrement and remove; it links
 * to the product page.
 */
export function CartLine({ line, busy, onChange, onNavigate }: CartLineProps) {
  const t = useT();
  const discounted = isDiscounted(line);
  const percent = Math.round(line.discount_percentage);
  const image = line.thumbnail || line.thumbnails[0] || '';
  const href = paths.product(line.slug);
  const name = lineName(line);
  return (
    <article className="flex gap-3 py-3" aria-busy={busy || undefined}>
      <Link to={href} onClick={onNavigate} className="shrink-0 rounded-lg" tabIndex={-1} aria-hidden="true">
        {image ? (
          <Img
            src={image}
            alt=""
            width={72}
            height={72}
            className="size-[72px] rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <span className="block size-[72px] rounded-lg bg-slate-100" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {line.brand && <p className="truncate text-xs font-medium text-primary-700">{line.brand}</p>}
        <Link
          to={href}
          onClick={onNavigate}
          dir={ownDirection.dir}
          className={`line-clamp-2 text-sm font-medium leading-snug text-slate-900 hover:text-primary-700 hover:underline ${ownDirection.className}`}
        >
          {line.name}
        </Link>
        <LineChoice line={line} />
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Price amount={effectivePrice(line)} className="text-sm font-bold text-slate-900" />
          {discounted && <Price amount={line.price} struck className="text-xs text-slate-500" />}
          {discounted && percent > 0 && (
            <span className="rounded bg-rose-50 px-1 text-[11px] font-semibold text-rose-700">
              {t('{{percent}}% OFF', { percent })}
            </span>
          )}
        </div>
        <div className="mt-1 flex items-center justify-between gap-2">
          <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300">
            <button
              type="button"
              className={stepButton}
              disabled={busy}
              onClick={() => onChange('decrement')}
              aria-label={t('Decrease quantity of {{name}}', { name })}
            >
              <Icon name="minus" className="size-4" />
            </button>
            <output
              className="min-w-8 px-1 text-center text-sm font-semibold tabular-nums text-slate-900"
              aria-label={t('Quantity of {{name}}', { name })}
            >
              {line.quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              disabled={busy || line.quantity >= line.max_quantity}
              onClick={() => onChange('increment')}
              aria-label={t('Increase quantity of {{name}}', { name })}
            >
              <Icon name="plus" className="size-4" />
            </button>
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={() => onChange('delete')}
            aria-label={t('Remove {{name}} from cart', { name })}
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 transition hover:bg-rose-50 hover:text-rose-600 disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500"
          >
            <Icon name="trash" className="size-5" />
          </button>
        </div>
      </div>
    </article>
  );
}
