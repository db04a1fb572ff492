import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

/**
 * What a shopper sees where a shop's seller closed it for now (its page, a product of it): the
 * shop's products cannot be bought until it opens again. The server says the same sentence when
 * a cart or an order meets such a product.
 */
export function ShopClosedNotice({ shopName, className = '' }: { shopName: string; className?: string }) {
  const t = useT();
  return (
    <p
      className={`flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ${className}`}
      data-testid="shop-closed"
    >
      <Icon name="storefront" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <span>
        {t('{{shop}} is closed for now: its products cannot be bought until it opens again.', { shop: shopName })}
      </span>
    </p>
  );
}
