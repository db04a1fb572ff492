import type { SellerShop } from '@shop/contracts/sellers';
import { Img } from '../../../components/ui/img';
import { useT } from '../../../lib/i18n';

/** The shop's logo beside its name, when it has one (alt empty: the name follows). */
export function ShopLogo({ shop }: { shop: SellerShop }) {
  if (!shop.logo) return null;
  return (
    <Img
      src={shop.logo}
      width={48}
      height={48}
      alt=""
      className="size-12 shrink-0 rounded-xl border border-slate-200 object-cover"
    />
  );
}

/** A shop that is not approved yet (or was refused): what happens next, instead of figures. */
export function ShopWaiting({ shop }: { shop: SellerShop }) {
  const t = useT();
  const rejected = shop.status === 'rejected';
  return (
    <section
      aria-labelledby="shop-state"
      className={`rounded-2xl border p-6 ${rejected ? 'border-rose-200 bg-rose-50' : 'border-amber-200 bg-amber-50'}`}
    >
      <div className="flex items-center gap-3">
        <ShopLogo shop={shop} />
        <h1 id="shop-state" className="min-w-0 text-xl font-bold text-slate-900" dir="auto">
          {shop.name}
        </h1>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {rejected
          ? t('Your shop was not approved. Contact us if you think this is a mistake.')
          : t('Your shop is waiting for approval. You can start selling once our team has approved it.')}
      </p>
    </section>
  );
}
