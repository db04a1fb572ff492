/** Grey placeholders shaped like the real sections, shown while the home data loads. */
function Bone({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-lg bg-slate-200/80 ${className}`} />;
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
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
  );
}

export function SectionSkeleton({ children }: { children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm sm:p-5" aria-hidden="true">
      <Bone className="mb-4 h-6 w-48" />
      {children}
    </div>
  );
}

export function HomeSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <div className="grid gap-3 lg:grid-cols-[minmax(0,10fr)_minmax(0,3fr)]">
        <Bone className="aspect-[16/5] w-full rounded-2xl" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <Bone className="aspect-[2/1] w-full rounded-2xl lg:aspect-auto" />
          <Bone className="aspect-[2/1] w-full rounded-2xl lg:aspect-auto" />
        </div>
      </div>
      <SectionSkeleton>
        <div className="flex gap-4 overflow-hidden">
          {Array.from({ length: 10 }, (_, i) => (
            <div key={i} className="flex w-20 shrink-0 flex-col items-center gap-2">
              <Bone className="size-16 rounded-2xl" />
              <Bone className="h-3 w-14" />
            </div>
          ))}
        </div>
      </SectionSkeleton>
      <SectionSkeleton>
        <ProductGridSkeleton />
      </SectionSkeleton>
      <SectionSkeleton>
        <ProductGridSkeleton count={12} />
      </SectionSkeleton>
    </div>
  );
}
