import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { operatorShopListQueryOptions } from '../api/back-office';

/**
 * The approved shops a promotion may reach (a platform voucher, a flash sale), each a checkbox,
 * by name; loaded only while the form is open. The message under them is the field's own.
 */
export function ShopChecklist({
  open,
  registration,
  error,
  listed = true,
}: {
  /** The form is open: the shops load. */
  open: boolean;
  /** The checkboxes' field (their values are the shops' ids). */
  registration: () => UseFormRegisterReturn;
  error?: string;
  /** Whether the list shows (a flash sale open to all shops hides it). */
  listed?: boolean;
}) {
  const t = useT();
  const api = useApi();
  const shops = useQuery({
    ...operatorShopListQueryOptions(api, { status: 'approved', per_page: 100, sort: 'name', direction: 'asc' }),
    enabled: open,
  });
  return (
    <>
      {listed && (
        <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {shops.isPending && <p className="text-sm text-slate-500">{t('Loading…')}</p>}
          {shops.data?.shops.map((shop) => (
            <label key={shop.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" value={String(shop.id)} {...registration()} />
              {shop.name}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </>
  );
}
