import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icons';

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

/** Something failed to load, with a way to try again. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center"
    >
      <Icon name="warning" className="size-9 text-slate-400" />
      <p className="text-sm text-slate-600">{title}</p>
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

/** A list with nothing in it. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-2xl bg-white px-4 py-14 text-center shadow-sm">
      <span className="mb-1 flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <Icon name="storefront" className="size-7" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {hint && <p className="max-w-sm text-sm text-slate-500">{hint}</p>}
      {action && <div className="mt-3">{action}</div>}
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
