import { useTranslation } from 'react-i18next';
import { OperatorTickets } from './operator-tickets';
import { PendingShops } from './pending-shops';

/** /operator: shops waiting for approval, then the support tickets. */
export function OperatorPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('Operator')}</h1>
      <PendingShops />
      <OperatorTickets />
    </div>
  );
}
