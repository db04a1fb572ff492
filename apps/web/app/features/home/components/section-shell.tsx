import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ChevronIcon({ className = 'size-4', back = false }: { className?: string; back?: boolean }) {
  // Points to the inline end (or start when `back`); mirrored in rtl so "next" always points forward.
  return (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`${className} ${back ? 'rotate-180 rtl:rotate-0' : 'rtl:rotate-180'}`}
      aria-hidden="true"
    >
      <path
        fillRule="evenodd"
        d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

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
  const { t } = useTranslation();
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

/** A section whose data could not be shown, with a way to try again. */
export function SectionError({ onRetry, title }: { onRetry?: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-8 text-slate-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z"
        />
      </svg>
      <p className="text-sm text-slate-600">{title ?? t('This section could not be loaded')}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-800"
        >
          {t('Try again')}
        </button>
      )}
    </div>
  );
}

/** A friendly line where a list has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">{children}</p>;
}
