import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Icon, type IconName } from './icons';

/** A list or page that failed to load: what failed, and a way to try again. */
export function ErrorState({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useT();
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

/** A list with nothing in it: what happened and, when it helps, what to do. */
export function EmptyState({
  title,
  hint,
  action,
  icon = 'search',
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  icon?: IconName;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-2xl bg-white px-4 py-14 text-center shadow-sm">
      <span className="mb-1 flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <Icon name={icon} className="size-7" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {hint && <p className="max-w-sm text-sm text-slate-500">{hint}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
