import type { Address } from '@shop/contracts/account';
import { TOAST } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button, buttonClass } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { addressesQueryOptions } from '../../../entities/address/api/addresses';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { defaultFirst, useDeleteAddress } from '../api/addresses';
import { AddressSummary } from './address-summary';

/** /manage-address: every address, the default first, with edit and a confirmed delete. */
export function AddressList({ onAddressesChange }: { onAddressesChange?: (addresses: Address[]) => void }) {
  const t = useT();
  const api = useApi();
  const query = useQuery(addressesQueryOptions(api));
  const remove = useDeleteAddress();
  const [target, setTarget] = useState<Address | null>(null);
  const shown = useRef<Address | null>(null);
  if (target) shown.current = target;

  const addresses = query.data;
  useEffect(() => {
    if (addresses) onAddressesChange?.(addresses);
  }, [addresses, onAddressesChange]);

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (reply) => {
        setTarget(null);
        toast.success(reply.message || t('Address deleted successfully'), { autoClose: TOAST.successMs });
      },
      onError: (error) => {
        setTarget(null);
        toast.error(error.message);
      },
    });
  };

  return (
    <section aria-labelledby="addresses-title" className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="addresses-title" className="text-xl font-bold text-slate-900">
          {t('Manage Address')}
        </h1>
        <Link to={paths.newAddress} className={buttonClass('primary', 'md')}>
          <span aria-hidden="true">+</span>
          {t('Add New Address')}
        </Link>
      </header>

      {query.isPending ? (
        <ul aria-busy="true" aria-label={t('Loading')} className="grid gap-4 md:grid-cols-2">
          {[0, 1].map((i) => (
            <li key={i} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-full" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorState title={t('We could not load your addresses')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon="mapPin"
          title={t('No address yet')}
          hint={t('Add an address to have your orders delivered to it.')}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {defaultFirst(query.data).map((address) => (
            <li
              key={address.id}
              className={`flex flex-col gap-4 rounded-2xl border bg-white p-5 ${
                address.is_default ? 'border-primary-300 ring-1 ring-primary-200' : 'border-slate-200'
              }`}
            >
              <AddressSummary address={address} />
              <div className="mt-auto flex gap-2">
                <Link
                  to={paths.editAddress(address.id)}
                  className={buttonClass('outline', 'sm')}
                  aria-label={t('Edit {{name}}', { name: address.name })}
                >
                  {t('Edit')}
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-rose-700 hover:bg-rose-50"
                  onClick={() => setTarget(address)}
                  aria-label={t('Delete {{name}}', { name: address.name })}
                >
                  {t('Delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <AppDialog
        open={target !== null}
        onClose={remove.isPending ? () => {} : () => setTarget(null)}
        title={t('Delete address')}
      >
        <div className="flex flex-col gap-5 p-5">
          <p className="text-sm text-slate-600">
            {t('Are you sure you want to delete this address?')}
            {shown.current && (
              <span className="mt-1 block font-medium text-slate-800 wrap-anywhere">{shown.current.address_line}</span>
            )}
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setTarget(null)} disabled={remove.isPending}>
              {t('Cancel')}
            </Button>
            <Button onClick={confirmDelete} loading={remove.isPending} className="bg-rose-600 hover:bg-rose-700">
              {t('Delete')}
            </Button>
          </div>
        </div>
      </AppDialog>
    </section>
  );
}
