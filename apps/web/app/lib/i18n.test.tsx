// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, TranslateProvider, useI18nInstance, useT } from './i18n';

afterEach(cleanup);

let renders = 0;
let instance: i18n | undefined;

function Greeting() {
  const { t } = useTranslation();
  renders += 1;
  return <p>{t('Hello')}</p>;
}

function Root({ translations }: { translations: Record<string, string> | undefined }) {
  instance = useI18nInstance('id', translations);
  return (
    <I18nextProvider i18n={instance}>
      <Greeting />
    </I18nextProvider>
  );
}

describe('useI18nInstance', () => {
  it('does not add the strings it was built with again (no second render of every text after hydration)', async () => {
    renders = 0;
    const translations = { Hello: 'Halo' };
    const { rerender } = render(<Root translations={translations} />);
    await act(async () => {});
    expect(screen.getByText('Halo')).toBeTruthy();
    expect(renders).toBe(1);
    // The same strings again (a refetch that kept the data) change nothing either.
    rerender(<Root translations={translations} />);
    await act(async () => {});
    expect(renders).toBe(2);
  });

  it('adds strings that arrive after the first render and shows them', async () => {
    renders = 0;
    const { rerender } = render(<Root translations={undefined} />);
    expect(screen.getByText('Hello')).toBeTruthy();
    const first = instance;
    rerender(<Root translations={{ Hello: 'Halo' }} />);
    await act(async () => {});
    expect(screen.getByText('Halo')).toBeTruthy();
    // One instance for the page's whole life.
    expect(instance).toBe(first);
  });
});

describe('TranslateProvider', () => {
  function Texts() {
    const t = useT();
    return (
      <p>
        {t('Hello')} / {t('Hello')} / {t('{{count}} items', { count: 3 })}
      </p>
    );
  }

  it('remembers plain lookups, passes options through, and shows strings added later', async () => {
    const strings = createI18n('id', { Hello: 'Halo', '{{count}} items': '{{count}} barang' });
    render(
      <I18nextProvider i18n={strings}>
        <TranslateProvider>
          <Texts />
        </TranslateProvider>
      </I18nextProvider>,
    );
    expect(screen.getByText('Halo / Halo / 3 barang')).toBeTruthy();
    await act(async () => {
      strings.addResourceBundle('id', 'translation', { Hello: 'Hai' }, true, true);
    });
    expect(screen.getByText('Hai / Hai / 3 barang')).toBeTruthy();
  });
});
