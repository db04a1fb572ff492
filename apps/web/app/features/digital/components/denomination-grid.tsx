import type { DigitalProduct } from '@shop/contracts/digital';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { useT } from '../../../lib/i18n';
import type { DenominationChoiceState } from '../use-denomination-choice';

export interface DenominationGridProps {
  products: readonly DigitalProduct[] | undefined;
  value: number | null;
  onChange: (productId: number) => void;
  /** The grid's heading (its legend). */
  legend: string;
}

const nominalFormat = new Intl.NumberFormat('id-ID');

/**
 * The denominations as selectable cards (a radio group: arrow keys move between them): the face
 * value, the price, a promotion's price with the old one struck through; out of stock ones are
 * shown, labelled and cannot be chosen.
 */
export function DenominationGrid({ products, value, onChange, legend }: DenominationGridProps) {
  const t = useT();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-base font-semibold text-slate-900">{legend}</legend>
      {products === undefined ? (
        <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <span className="sr-only">{t('Loading...')}</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : products.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          {t('No denominations are available right now.')}
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {products.map((product) => {
            const promo = product.promo_price !== null && product.promo_price < product.price;
            return (
              <label
                key={product.id}
                data-testid="denomination"
                className={`relative flex min-w-0 flex-col gap-1 rounded-xl border px-3 py-3 text-start transition has-focus-visible:ring-2 has-focus-visible:ring-primary-400 ${
                  product.in_stock
                    ? 'cursor-pointer border-slate-200 bg-white hover:border-primary-400 has-checked:border-primary-600 has-checked:bg-primary-50'
                    : 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70'
                }`}
              >
                <input
                  type="radio"
                  name="denomination"
                  value={product.id}
                  checked={value === product.id}
                  disabled={!product.in_stock}
                  onChange={() => onChange(product.id)}
                  className="sr-only"
                />
                <span className="text-lg font-bold text-slate-900">
                  <bdi dir="ltr">{nominalFormat.format(product.nominal)}</bdi>
                </span>
                <span className="truncate text-xs text-slate-500">{product.name}</span>
                {promo ? (
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <Price amount={product.promo_price as number} className="text-sm font-semibold text-primary-700" />
                    <span className="sr-only">{t('instead of')}</span>
                    <Price amount={product.price} struck className="text-xs text-slate-600" />
                  </span>
                ) : (
                  <span>
                    <Price amount={product.price} className="text-sm font-semibold text-primary-700" />
                  </span>
                )}
                {!product.in_stock && (
                  <span className="mt-1 self-start rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                    {t('Out of stock')}
                  </span>
                )}
                {promo && product.in_stock && (
                  <span className="absolute end-2 top-2 rounded-full bg-rose-600 px-2 py-0.5 text-[10px] font-bold uppercase text-white">
                    {t('Promo')}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** The denominations of a page's choice, or what went wrong loading them (with a retry). */
export function DenominationChoice({ choice, legend }: { choice: DenominationChoiceState; legend: string }) {
  const t = useT();
  if (choice.products.isError && !choice.list) {
    return (
      <ErrorState title={t('We could not load the denominations')} onRetry={() => void choice.products.refetch()} />
    );
  }
  return (
    <DenominationGrid
      products={choice.list}
      value={choice.product?.id ?? null}
      onChange={choice.choose}
      legend={legend}
    />
  );
}
