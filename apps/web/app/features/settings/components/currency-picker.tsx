import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { PendingTrigger, useHydrated } from '../../../components/ui/hydrated';
import { Icon } from '../../../components/ui/icons';
import { menuTimingStyle } from '../../../components/ui/menu-timing';
import { useMaster } from '../../../lib/api/master';
import { useT } from '../../../lib/i18n';
import { useCurrencyStore } from '../../../lib/preferences';
import { useDisplayCurrency } from '../../../lib/use-display-currency';
import { pickerButtonClass, pickerOptionClass, pickerOptionsClass } from './picker-styles';

/** Choosing a currency only re-renders prices; the page does not reload. */
export function CurrencyPicker() {
  const t = useT();
  const { master } = useMaster();
  const current = useDisplayCurrency();
  const setCode = useCurrencyStore((s) => s.setCode);
  const hydrated = useHydrated();
  const currencies = master?.currencies ?? [];
  if (currencies.length === 0) return null;
  const trigger = (
    <>
      <Icon name="banknotes" className="hidden size-4 sm:block" />
      <span>
        {current.code} <span className="hidden text-white/70 sm:inline">({current.symbol})</span>
      </span>
      <Icon name="chevronDown" className="size-3.5" />
    </>
  );
  if (!hydrated) {
    return (
      <PendingTrigger
        wrapperClassName="flex items-center"
        style={menuTimingStyle}
        className={pickerButtonClass}
        popup="listbox"
        label={`${t('Currency')} ${current.code}`}
      >
        {trigger}
      </PendingTrigger>
    );
  }
  return (
    <Field className="flex items-center" style={menuTimingStyle}>
      <Label className="sr-only">{t('Currency')}</Label>
      <Listbox value={current.code} onChange={(code: string) => setCode(code)}>
        <ListboxButton className={pickerButtonClass}>{trigger}</ListboxButton>
        <ListboxOptions anchor="bottom end" transition className={pickerOptionsClass}>
          {currencies.map((currency) => (
            <ListboxOption key={currency.id} value={currency.code} className={pickerOptionClass}>
              <span className="w-10 shrink-0 font-mono text-xs text-slate-500">{currency.symbol}</span>
              <span className="flex-1">{currency.name}</span>
              <span className="text-xs text-slate-400">{currency.code}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
