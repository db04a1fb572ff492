import { useTranslation } from 'react-i18next';

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
