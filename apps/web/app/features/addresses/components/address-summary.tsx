import type { Address } from '@shop/contracts/account';
import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

/**
 * One address as text: who, type, default mark, phone and the lines (dashboard, list, checkout).
 * Typed text may hold a long unbroken run ("Jl.Sudirman...Jakarta12190"): it wraps anywhere
 * rather than widening a phone's page.
 */
export function AddressSummary({ address }: { address: Address }) {
  const t = useT();
  const place = [address.flat_no, address.area, address.post_code].filter(Boolean).join(', ');
  return (
    <div className="flex min-w-0 flex-col gap-1.5 wrap-anywhere">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-slate-900">{address.name}</p>
        <AddressTypeBadge type={address.address_type} />
        {address.is_default && (
          <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-800">
            {t('Default')}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600" dir="ltr">
        <span className="sr-only">{t('Phone')}: </span>
        {address.phone}
      </p>
      <p className="text-sm text-slate-700">{address.address_line}</p>
      {address.address_line2 && <p className="text-sm text-slate-700">{address.address_line2}</p>}
      {place && <p className="text-sm text-slate-500">{place}</p>}
    </div>
  );
}

export function AddressTypeBadge({ type }: { type: Address['address_type'] }) {
  const t = useT();
  const label = type === 'home' ? t('Home') : type === 'office' ? t('Office') : t('Other');
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
      <Icon name={type === 'office' ? 'briefcase' : 'home'} className="size-3.5" />
      {label}
    </span>
  );
}
