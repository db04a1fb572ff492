import type { ReturnStatus } from '@shop/contracts/returns';
import { useT } from '../../../lib/i18n';

const TONE: Record<ReturnStatus, string> = {
  Pending: 'bg-amber-50 text-amber-800',
  Approved: 'bg-sky-50 text-sky-800',
  Damaged: 'bg-rose-50 text-rose-800',
  Mismatch: 'bg-rose-50 text-rose-800',
  Cancelled: 'bg-slate-100 text-slate-700',
  Refunded: 'bg-emerald-50 text-emerald-800',
};

/** Keys of the statuses, written out so the translation check sees each one. */
const LABEL: Record<ReturnStatus, string> = {
  Pending: 'Pending',
  Approved: 'Approved',
  Damaged: 'Damaged',
  Mismatch: 'Mismatch',
  Cancelled: 'Cancelled',
  Refunded: 'Refunded',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const t = useT();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}>
      {t(LABEL[status])}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: 'Paid' | 'Unpaid' }) {
  const t = useT();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        status === 'Paid' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'
      }`}
    >
      {status === 'Paid' ? t('Paid') : t('Unpaid')}
    </span>
  );
}
