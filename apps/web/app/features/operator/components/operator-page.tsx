import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { operatorDashboardQueryOptions } from '../api/back-office';
import { useOperatorMoney } from '../format';
import { OperatorTickets } from './operator-tickets';
import { PendingShops } from './pending-shops';

/** /operator: what waits for the operator (linked to its section), the shops to approve, the tickets. */
export function OperatorPage() {
  const t = useT();
  const api = useApi();
  const money = useOperatorMoney();
  const counts = useQuery(operatorDashboardQueryOptions(api)).data;
  const cards = [
    { to: '/operator/shops?status=pending', label: t('Shops waiting'), value: counts?.pending_shops },
    { to: '/operator/products', label: t('Products waiting'), value: counts?.pending_products },
    {
      to: '/operator/withdrawals?status=pending',
      label: t('Withdrawals to pay'),
      value: counts?.pending_withdrawals,
      extra: counts ? money.format(counts.pending_withdrawal_amount) : undefined,
    },
    { to: '/operator/shops?status=suspended', label: t('Suspended shops'), value: counts?.suspended_shops },
  ];
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('Dashboard')}</h1>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block rounded-2xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-primary-200 focus-visible:outline-2 focus-visible:outline-primary-600"
            >
              <span className="block text-sm text-slate-600">{card.label}</span>
              <span className="mt-1 block text-2xl font-bold text-slate-900">{card.value ?? '–'}</span>
              {card.extra && <span className="block text-xs text-slate-500">{card.extra}</span>}
            </Link>
          </li>
        ))}
      </ul>
      <PendingShops />
      <OperatorTickets />
    </div>
  );
}
