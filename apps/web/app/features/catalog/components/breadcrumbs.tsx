import { Link } from 'react-router';
import { ChevronIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

export interface Crumb {
  name: string;
  to: string;
}

/** The visible trail of a page (the last entry is the page itself). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t('Breadcrumb')} className="mb-3">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to} className="inline-flex min-w-0 items-center gap-1">
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-800">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.to} className="truncate hover:text-primary-700 hover:underline">
                    {crumb.name}
                  </Link>
                  <ChevronIcon className="size-4 shrink-0" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
