import type { DigitalOperator } from '@shop/contracts/digital';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { OperatorLogo } from './operator-logo';

const SHORTCUTS: readonly { operator: DigitalOperator; to: string; label: string }[] = [
  { operator: 'telkomsel', to: paths.pulsa('telkomsel'), label: 'Telkomsel credit' },
  { operator: 'xl', to: paths.pulsa('xl'), label: 'XL credit' },
  { operator: 'pln', to: paths.plnToken, label: 'PLN token' },
];

/** The home page's way to the top-up pages: one card per product page. */
export function DigitalShortcuts() {
  const t = useT();
  return (
    <section aria-labelledby="digital-shortcuts-title" className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <h2 id="digital-shortcuts-title" className="mb-3 text-base font-bold text-slate-900 sm:text-lg">
        {t('Top-ups and bills')}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-3">
        {SHORTCUTS.map((item) => (
          <li key={item.operator}>
            <Link
              to={item.to}
              className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 px-2 py-3 text-center text-xs font-medium text-slate-700 transition hover:border-primary-400 hover:text-primary-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 sm:text-sm"
            >
              <OperatorLogo operator={item.operator} className="h-7 w-24 ring-0" />
              <span>{t(item.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
