import { ProductGridSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';

function SectionSkeleton({ children }: { children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm sm:p-5" aria-hidden="true">
      <Skeleton className="mb-4 h-6 w-48" />
      {children}
    </div>
  );
}

/** Grey placeholders shaped like the real sections, shown while the home data loads. */
export function HomeSkeleton() {
  const t = useT();
  return (
    <div className="space-y-6" role="status" aria-busy="true">
      <span className="sr-only">{t('Loading...')}</span>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,10fr)_minmax(0,3fr)]">
        <Skeleton className="aspect-[16/5] w-full rounded-2xl" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <Skeleton className="aspect-[2/1] w-full rounded-2xl lg:aspect-auto" />
          <Skeleton className="aspect-[2/1] w-full rounded-2xl lg:aspect-auto" />
        </div>
      </div>
      <SectionSkeleton>
        <div className="flex gap-4 overflow-hidden">
          {Array.from({ length: 10 }, (_, i) => (
            <div key={i} className="flex w-20 shrink-0 flex-col items-center gap-2">
              <Skeleton className="size-16 rounded-2xl" />
              <Skeleton className="h-3 w-14" />
            </div>
          ))}
        </div>
      </SectionSkeleton>
      <SectionSkeleton>
        <ProductGridSkeleton count={6} />
      </SectionSkeleton>
      <SectionSkeleton>
        <ProductGridSkeleton count={12} />
      </SectionSkeleton>
    </div>
  );
}
