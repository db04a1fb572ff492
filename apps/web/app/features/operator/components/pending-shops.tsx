import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { operatorShopsQueryOptions, useDecideShop } from '../api/operator';

/** The shops waiting for approval, each with Approve and Reject. */
export function PendingShops() {
  const t = useT();
  const api = useApi();
  const shops = useQuery(operatorShopsQueryOptions(api, 'pending'));
  const decide = useDecideShop();
  const act = async (id: number, action: 'approve' | 'reject') => {
    try {
      notifySuccess((await decide.mutateAsync({ id, action })).message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : t('Something went wrong'));
    }
  };
  return (
    <section aria-labelledby="pending-shops" className="space-y-3">
      <h2 id="pending-shops" className="text-lg font-semibold text-slate-900">
        {t('Shops waiting for approval')}
        {shops.data && <span className="ms-2 text-sm font-normal text-slate-500">({shops.data.total})</span>}
      </h2>
      {shops.isError ? (
        <ErrorState title={t('We could not load the shops')} onRetry={() => void shops.refetch()} />
      ) : !shops.data ? (
        <Spinner className="size-6 text-primary-600" label={t('Loading')} />
      ) : shops.data.shops.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-sm text-slate-600 shadow-sm">{t('No shop is waiting.')}</p>
      ) : (
        <ul className="space-y-3">
          {shops.data.shops.map((shop) => (
            <li
              key={shop.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{shop.name}</p>
                <p className="text-sm text-slate-600">
                  {shop.owner.name} · {shop.owner.email}
                </p>
                <p className="text-sm text-slate-500">
                  {shop.address} · <span dir="ltr">{shop.phone}</span>
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  onClick={() => void act(shop.id, 'approve')}
                  disabled={decide.isPending}
                  aria-label={t('Approve {{shop}}', { shop: shop.name })}
                >
                  {t('Approve')}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => void act(shop.id, 'reject')}
                  disabled={decide.isPending}
                  aria-label={t('Reject {{shop}}', { shop: shop.name })}
                >
                  {t('Reject')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
