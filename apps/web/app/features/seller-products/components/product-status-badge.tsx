import type { SellerProductStatus } from '@shop/contracts/seller-products';
import { useT } from '../../../lib/i18n';

export const PRODUCT_STATUS_LABELS: Record<SellerProductStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  pending_approval: 'Waiting for approval',
  sold_out: 'Sold out',
};

const TONES: Record<SellerProductStatus, string> = {
  published: 'bg-emerald-50 text-emerald-800',
  draft: 'bg-slate-100 text-slate-700',
  pending_approval: 'bg-amber-50 text-amber-800',
  sold_out: 'bg-rose-50 text-rose-800',
};

/** A product's status for its seller, translated, coloured by meaning. */
export function ProductStatusBadge({ status }: { status: SellerProductStatus }) {
  const t = useT();
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>
      {t(PRODUCT_STATUS_LABELS[status])}
    </span>
  );
}
