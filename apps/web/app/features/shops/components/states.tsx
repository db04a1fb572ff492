import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Bone({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-lg bg-slate-200/80 ${className}`} />;
}

export const PRODUCT_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6';
export const SHOP_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/** Product cards' outlines while a page loads. */
export function ProductGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="sr-only">{t('Loading...')}</span>
      <div className={PRODUCT_GRID} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-xl border border-slate-200/80 bg-white">
            <Bone className="aspect-square w-full rounded-none" />
            <div className="space-y-2 p-3">
              <Bone className="h-3.5 w-full" />
              <Bone className="h-3.5 w-2/3" />
              <Bone className="h-4 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Shop tiles' outlines while a page loads. */
export function ShopGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <span className="sr-only">{t('Loading...')}</span>
      <div className={SHOP_GRID} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <Bone key={i} className="h-44 w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}

/** The page's container and heading. */
export function PageShell({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-3 py-6 lg:px-6">
      <header className="mb-5">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
      </header>
      {children}
    </div>
  );
}
