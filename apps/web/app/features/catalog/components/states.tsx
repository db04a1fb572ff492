import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';

/** Columns of a product grid: fewer beside the desktop filter panel, more on a full-width page. */
export function gridColumns(withPanel: boolean): string {
  return withPanel
    ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4'
    : 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6';
}

function Bone({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-lg bg-slate-200/80 ${className}`} />;
}

/** Product cards' outlines while a page of the list loads. */
export function ProductGridSkeleton({ count, withPanel }: { count: number; withPanel: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{t('Loading...')}</span>
      <div className={gridColumns(withPanel)} aria-hidden="true" data-testid="product-grid-skeleton">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-xl border border-slate-200/80 bg-white">
            <Bone className="aspect-square w-full rounded-none" />
            <div className="space-y-2 p-3">
              <Bone className="h-3.5 w-full" />
              <Bone className="h-3.5 w-2/3" />
              <Bone className="h-4 w-1/2" />
              <Bone className="h-3 w-3/4" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Outlines of tiles (categories, shops) while they load. */
export function TileGridSkeleton({ count, className }: { count: number; className: string }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="sr-only">{t('Loading...')}</span>
      <div className={className} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <Bone key={i} className="h-40 w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}

/** A list that failed to load, with a way to try again. */
export function ListingError({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center"
    >
      <Icon name="warning" className="size-9 text-slate-400" />
      <p className="text-sm text-slate-600">{title ?? t('We could not load the products')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center gap-2 rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-800"
      >
        <Icon name="refresh" className="size-4" />
        {t('Try again')}
      </button>
    </div>
  );
}

/** A list with nothing in it: what happened and, when it helps, what to do. */
export function ListingEmpty({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-2xl bg-white px-4 py-14 text-center shadow-sm">
      <span className="mb-1 flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <Icon name="search" className="size-7" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {hint && <p className="max-w-sm text-sm text-slate-500">{hint}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
