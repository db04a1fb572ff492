import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

/** Previous and next page links of a Seller Centre list. */
export function PageLinks({
  page,
  total,
  perPage,
  href,
}: {
  page: number;
  total: number;
  perPage: number;
  href: (page: number) => string;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  const link = 'rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-primary-700 shadow-sm hover:bg-primary-50';
  return (
    <nav aria-label={t('Pages')} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link} rel="prev">
          {t('Previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">{t('Page {{page}} of {{pages}}', { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={link} rel="next">
          {t('Next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
