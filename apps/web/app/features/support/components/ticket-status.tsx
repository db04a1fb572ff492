import type { TicketStatus } from '@shop/contracts/support';
import { useT } from '../../../lib/i18n';

const LOOK: Record<TicketStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-800' },
  confirm: { label: 'Confirmed', className: 'bg-sky-50 text-sky-800' },
  completed: { label: 'Completed', className: 'bg-emerald-50 text-emerald-800' },
  cancel: { label: 'Cancelled', className: 'bg-slate-100 text-slate-700' },
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const t = useT();
  const look = LOOK[status];
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${look.className}`}>
      {t(look.label)}
    </span>
  );
}
