import { useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** The floating tab is hidden on checkout, buy now, blogs and blog details. */
export function tabHiddenOn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === paths.checkout || path === paths.buyNow || path === paths.blogs || path.startsWith(paths.blog(''));
}

/**
 * The floating cart tab at the inline end of the page: item count and total amount; it opens the
 * drawer. Small screens reach the cart from the header instead.
 */
export function CartTab({ count, total, onOpen }: { count: number; total: number; onOpen: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  if (tabHiddenOn(pathname)) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="fixed end-0 top-1/2 z-20 hidden -translate-y-1/2 flex-col items-center gap-1 rounded-s-xl bg-primary-700 px-2.5 py-3 text-white shadow-lg shadow-slate-900/20 transition hover:bg-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-300 focus-visible:ring-offset-2 md:flex"
    >
      <Icon name="bag" className="size-6" />
      <span className="text-xs font-semibold">{t('{{count}} Items', { count })}</span>
      <span className="rounded-md bg-white px-1.5 py-0.5 text-xs font-bold text-primary-800">
        <Price amount={total} decimals={2} />
      </span>
    </button>
  );
}
