import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { sellerVoucherQueryOptions } from '../api/seller-vouchers';
import { VoucherForm } from './voucher-form';

/** /shop/vouchers/new and /shop/vouchers/{id}: the voucher's form (another shop's voucher is not found). */
export function VoucherEditorPage({ voucherId }: { voucherId: number | null }) {
  const t = useT();
  const api = useApi();
  const voucher = useQuery({
    ...sellerVoucherQueryOptions(api, voucherId ?? 0),
    enabled: voucherId !== null,
  });
  const back = (
    <Link to="/shop/vouchers" className="text-sm font-medium text-primary-700 hover:underline">
      {t('Back to vouchers')}
    </Link>
  );
  if (voucherId === null) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">{t('New voucher')}</h1>
        <VoucherForm voucher={null} />
      </div>
    );
  }
  if (voucher.error instanceof ApiError && voucher.error.status === 404) {
    return <EmptyState title={t('Voucher not found.')} action={back} icon="ticket" />;
  }
  if (voucher.isError)
    return <ErrorState title={t('We could not load the voucher')} onRetry={() => void voucher.refetch()} />;
  if (!voucher.data) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  return (
    <div className="space-y-4">
      {back}
      <h1 className="text-2xl font-bold text-slate-900">{t('Voucher {{code}}', { code: voucher.data.code })}</h1>
      <p className="text-sm text-slate-600">
        {voucher.data.total_limit === null
          ? t('Used {{count}} times', { count: voucher.data.used_count })
          : t('Used {{used}} of {{limit}} times', { used: voucher.data.used_count, limit: voucher.data.total_limit })}
        {' · '}
        {t('{{count}} collected', { count: voucher.data.collected_count })}
      </p>
      <VoucherForm key={voucher.data.id} voucher={voucher.data} />
    </div>
  );
}
