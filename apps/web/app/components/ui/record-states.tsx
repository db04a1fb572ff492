import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { Button, buttonClass } from './button';
import { Skeleton } from './skeleton';
import { EmptyState, ErrorState } from './states';

export interface RecordStatesProps<T> {
  /** A visitor is asked to log in instead. */
  signedIn: boolean;
  onLogin: () => void;
  /** Called when the record's request answers 401: the session ended. */
  onUnauthorized: () => void;
  query: UseQueryResult<T>;
  /** Known to be missing without asking (an id that cannot be one). */
  missing?: boolean;
  /** Translated texts: the log-in prompt, the not-found title and hint, the load failure. */
  texts: { login: string; notFound: string; notFoundHint: string; loadError: string };
  /** The loading placeholder's bars, as size classes (each different). */
  skeleton: readonly string[];
  children: (data: T) => ReactNode;
}

/**
 * One record of the signed-in shopper (a payment, a top-up order), with the states around it:
 * log in, loading, not found (404 or 422: someone else's, or no such record), and a failure to
 * load with Try again. A 401 calls `onUnauthorized` and keeps the placeholder meanwhile.
 */
export function RecordStates<T>({
  signedIn,
  onLogin,
  onUnauthorized,
  query,
  missing = false,
  texts,
  skeleton,
  children,
}: RecordStatesProps<T>) {
  const t = useT();
  const unauthorized = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  if (!signedIn) {
    return <EmptyState icon="lock" title={texts.login} action={<Button onClick={onLogin}>{t('Log in')}</Button>} />;
  }
  if (query.data !== undefined) return children(query.data);
  if (missing || (query.error instanceof ApiError && [404, 422].includes(query.error.status))) {
    return (
      <EmptyState
        icon="warning"
        title={texts.notFound}
        hint={texts.notFoundHint}
        action={
          <Link to={paths.home} className={buttonClass('primary')}>
            {t('Back to Home')}
          </Link>
        }
      />
    );
  }
  if (query.error && !unauthorized) {
    return <ErrorState title={texts.loadError} onRetry={() => void query.refetch()} />;
  }
  return (
    <div role="status" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5">
      <span className="sr-only">{t('Loading...')}</span>
      {skeleton.map((size) => (
        <Skeleton key={size} className={size} />
      ))}
    </div>
  );
}
