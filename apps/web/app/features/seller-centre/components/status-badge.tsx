import { useT } from '../../../lib/i18n';

const TONES: Record<string, string> = {
  Pending: 'bg-amber-50 text-amber-800',
  Confirm: 'bg-sky-50 text-sky-800',
  Processing: 'bg-sky-50 text-sky-800',
  Pickup: 'bg-indigo-50 text-indigo-800',
  'On The Way': 'bg-indigo-50 text-indigo-800',
  Delivered: 'bg-emerald-50 text-emerald-800',
  Cancelled: 'bg-rose-50 text-rose-800',
  Approved: 'bg-emerald-50 text-emerald-800',
  Damaged: 'bg-rose-50 text-rose-800',
  Mismatch: 'bg-rose-50 text-rose-800',
  Refunded: 'bg-emerald-50 text-emerald-800',
};

/** An order or return status, translated, with a colour by meaning. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {t(status)}
    </span>
  );
}
