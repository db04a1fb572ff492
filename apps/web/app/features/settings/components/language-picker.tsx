import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { DEFAULT_LANGUAGE_TITLE } from '@shop/contracts/constants';
import type { Language } from '@shop/contracts/settings';
import { useState } from 'react';
import { PendingTrigger, useHydrated } from '../../../components/ui/hydrated';
import { Icon } from '../../../components/ui/icons';
import { menuTimingStyle } from '../../../components/ui/menu-timing';
import { Spinner } from '../../../components/ui/spinner';
import { useMaster } from '../../../lib/api/master';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useLocaleStore } from '../../../lib/preferences';
import { pickerButtonClass, pickerOptionClass, pickerOptionsClass } from './picker-styles';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const settingsContracts = () => import('@shop/contracts/settings');

/**
 * In order: store the locale (local storage `locale` and the cookie the server
 * reads), set the page direction and language, tell the server, then reload so the
 * whole page, its strings and translated names come back in the new language.
 */
export async function switchLanguage(
  language: Language,
  setLocale: (locale: string) => void,
  api: ApiClient,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  setLocale(language.name);
  document.documentElement.dir = language.direction;
  document.documentElement.lang = language.name;
  try {
    await api.request('/change-language', {
      query: { language: language.name },
      schema: () => settingsContracts().then((c) => c.changeLanguageReplySchema),
    });
  } catch {
    // A failed language change is silent; the cookie alone still switches the page.
  }
  reload();
}

export function LanguagePicker() {
  const t = useT();
  const { master } = useMaster();
  const api = useApi();
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const [switching, setSwitching] = useState(false);
  const hydrated = useHydrated();
  const languages = master?.languages ?? [];
  if (languages.length === 0) return null;
  const current = languages.find((l) => l.name === locale);
  const title = current?.title ?? DEFAULT_LANGUAGE_TITLE;
  const trigger = (
    <>
      {switching ? <Spinner className="size-4" /> : <Icon name="globe" className="size-4" />}
      <span>{title}</span>
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
        label={`${t('Language')} ${title}`}
      >
        {trigger}
      </PendingTrigger>
    );
  }

  const choose = (name: string) => {
    const language = languages.find((l) => l.name === name);
    if (!language || name === locale) return;
    setSwitching(true);
    void switchLanguage(language, setLocale, api);
  };

  return (
    <Field className="flex items-center" style={menuTimingStyle}>
      <Label className="sr-only">{t('Language')}</Label>
      <Listbox value={locale} onChange={choose} disabled={switching}>
        <ListboxButton className={pickerButtonClass}>{trigger}</ListboxButton>
        <ListboxOptions anchor="bottom end" transition className={pickerOptionsClass}>
          {languages.map((language) => (
            <ListboxOption
              key={language.id}
              value={language.name}
              className={pickerOptionClass}
              lang={language.name}
              dir={language.direction}
            >
              <span className="flex-1">{language.title}</span>
              <span className="text-xs uppercase text-slate-400">{language.name}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
