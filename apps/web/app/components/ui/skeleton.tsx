/** A grey placeholder with a soft pulse while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-md bg-slate-200/80 ${className}`} />;
}
