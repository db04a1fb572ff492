import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

export interface SectionProps {
  id: string;
  title: ReactNode;
  /** Where "View All" leads; no link when omitted. */
  viewAllTo?: string;
  /** Something beside the title, e.g. a countdown. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A white home-page panel with a heading (labelled for screen readers) and an optional "View All". */
export function Section({ id, title, viewAllTo, aside, children, className = '' }: SectionProps) {
  const t = useT();
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={`rounded-2xl bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {/* Title and "View All" share the first row on a phone; the aside (a countdown) drops below. */}
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-3">
        <h2 id={headingId} className="order-1 text-lg font-bold tracking-tight text-slate-900 sm:text-xl">
          {title}
        </h2>
        {aside && <div className="order-3 w-full sm:order-2 sm:w-auto">{aside}</div>}
        {viewAllTo && (
          <Link
            to={viewAllTo}
            className="order-2 ms-auto inline-flex shrink-0 items-center gap-0.5 rounded-md text-sm font-semibold text-primary-700 hover:text-primary-800 sm:order-3"
          >
            {t('View All')}
            <ChevronIcon />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
