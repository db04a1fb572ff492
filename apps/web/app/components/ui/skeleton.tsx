import { useT } from '../../lib/i18n';
import { PRODUCT_GRID, TILE_GRID } from './grid';

/** A grey placeholder with a soft pulse while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-md bg-slate-200/80 ${className}`} />;
}

/** Says "Loading..." to screen readers while the outlines below it show. */
function Loading({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <div role="status">
      <span className="sr-only">{t('Loading...')}</span>
      {children}
    </div>
  );
}

/** Product cards' outlines while a list loads; `className` gives the grid's columns. */
export function ProductGridSkeleton({ count, className = PRODUCT_GRID }: { count: number; className?: string }) {
  return (
    <Loading>
      <div className={className} aria-hidden="true" data-testid="product-grid-skeleton">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-xl border border-slate-200/80 bg-white">
            <Skeleton className="aspect-square w-full rounded-none" />
            <div className="space-y-2 p-3">
              <Skeleton className="h-3.5 w-full" />
              <Skeleton className="h-3.5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </div>
        ))}
      </div>
    </Loading>
  );
}

/** Outlines of tiles (shops, categories) while they load. */
export function TileGridSkeleton({
  count,
  className = TILE_GRID,
  tileClassName = 'h-44',
}: {
  count: number;
  className?: string;
  tileClassName?: string;
}) {
  return (
    <Loading>
      <div className={className} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <Skeleton key={i} className={`w-full rounded-xl ${tileClassName}`} />
        ))}
      </div>
    </Loading>
  );
}
