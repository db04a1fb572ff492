import type { Address } from '@shop/contracts/account';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { FieldError } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';

export interface AddressFormSlot {
  onSaved: (address: Address) => void;
  onCancel: () => void;
}

export interface DeliveryAddressProps {
  addresses: readonly Address[] | undefined;
  /** The addresses could not be loaded. */
  failed: boolean;
  onRetry: () => void;
  /** The address the order goes to (the default address rule, or the shopper's pick). */
  selected: Address | null;
  onSelect: (addressId: number) => void;
  /** The address text and the address form belong to the addresses feature: the route passes them in. */
  renderAddress: (address: Address) => ReactNode;
  renderAddressForm: (slot: AddressFormSlot) => ReactNode;
  /** A server message about the address (place-order's address_id). */
  error?: string;
}

/**
 * The delivery address of checkout, with the "change address" modal (pick another address) and
 * the address modal (a new one, chosen once saved).
 */
export function DeliveryAddress({
  addresses,
  failed,
  onRetry,
  selected,
  onSelect,
  renderAddress,
  renderAddressForm,
  error,
}: DeliveryAddressProps) {
  const t = useT();
  const [changing, setChanging] = useState(false);
  const [adding, setAdding] = useState(false);

  const openNew = () => {
    setChanging(false);
    setAdding(true);
  };

  let body: ReactNode;
  if (addresses === undefined) {
    body = failed ? (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        {t('We could not load your addresses')}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('Try again')}
        </Button>
      </div>
    ) : (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t('Loading...')}</span>
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
    );
  } else if (!selected) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-slate-600">{t('Add an address to have your orders delivered to it.')}</p>
        <Button onClick={openNew}>
          <Icon name="mapPin" className="size-4" />
          {t('Add New Address')}
        </Button>
      </div>
    );
  } else {
    body = <div data-testid="delivery-address">{renderAddress(selected)}</div>;
  }

  return (
    <section
      aria-labelledby="checkout-address-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="checkout-address-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Icon name="mapPin" className="size-5 text-primary-700" />
          {t('Delivery Address')}
        </h2>
        {selected && (
          <Button size="sm" variant="subtle" onClick={() => setChanging(true)}>
            {t('Change Address')}
          </Button>
        )}
      </div>
      {body}
      <FieldError message={error} />

      <AppDialog open={changing} onClose={() => setChanging(false)} title={t('Change Address')} className="sm:max-w-lg">
        <div className="flex max-h-[70dvh] flex-col gap-3 overflow-y-auto p-5">
          <fieldset>
            <legend className="sr-only">{t('Choose a delivery address')}</legend>
            <ul className="flex flex-col gap-2">
              {(addresses ?? []).map((address) => (
                <li key={address.id}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 transition has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:ring-2 has-focus-visible:ring-primary-300">
                    <input
                      type="radio"
                      name="checkout-address"
                      value={address.id}
                      checked={selected?.id === address.id}
                      onChange={() => {
                        onSelect(address.id);
                        setChanging(false);
                      }}
                      className="mt-1 size-4 shrink-0 accent-primary-700"
                    />
                    {renderAddress(address)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <Button variant="outline" onClick={openNew} className="w-full">
            <Icon name="mapPin" className="size-4" />
            {t('Add New Address')}
          </Button>
        </div>
      </AppDialog>

      <AppDialog open={adding} onClose={() => setAdding(false)} title={t('Add New Address')} className="sm:max-w-2xl">
        <div className="max-h-[80dvh] overflow-y-auto p-5">
          {adding &&
            renderAddressForm({
              onSaved: (address) => {
                onSelect(address.id);
                setAdding(false);
              },
              onCancel: () => setAdding(false),
            })}
        </div>
      </AppDialog>
    </section>
  );
}
