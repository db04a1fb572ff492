import type { SessionItem } from '@shop/contracts/two-step';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { sessionsQueryOptions, useEndSessions } from '../api/security';

/** "Chrome on Windows" from a browser's user agent; null when it names nothing known. */
export function deviceName(userAgent: string | null): { browser: string | null; system: string | null } {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return { browser, system };
}

function SessionRow({ session, onEnd, ending }: { session: SessionItem; onEnd: () => void; ending: boolean }) {
  const t = useT();
  const time = useMarketTime();
  const { browser, system } = deviceName(session.user_agent);
  const name =
    browser && system
      ? t('{{browser}} on {{system}}', { browser, system })
      : (browser ?? system ?? t('Unknown device'));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {name}
          {session.current && (
            <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
              {t('This device')}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-500">
          {session.ip && (
            <span dir="ltr" className="me-2">
              {session.ip}
            </span>
          )}
          {t('Last active {{time}}', { time: time.format(session.last_used_at, 'dateTime') })}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onEnd}
        loading={ending}
        aria-label={session.current ? t('Sign out of this device') : t('End session on {{device}}', { device: name })}
      >
        {session.current ? t('Sign out') : t('End session')}
      </Button>
    </li>
  );
}

/**
 * The caller's own sessions (device, address, last use) with a way to end each one, or every
 * other one at once. Ending the current one signs out (`onSignedOut`).
 */
export function SessionsList({ onSignedOut }: { onSignedOut: () => void }) {
  const t = useT();
  const api = useApi();
  const sessions = useQuery(sessionsQueryOptions(api));
  const end = useEndSessions();

  if (sessions.isPending) {
    return (
      <div className="space-y-3" role="status">
        <span className="sr-only">{t('Loading...')}</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (sessions.isError)
    return <ErrorState title={t('Sessions could not be loaded.')} onRetry={() => sessions.refetch()} />;

  const list = sessions.data;
  const others = list.filter((s) => !s.current).length;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100">
        {list.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={end.isPending && typeof end.variables === 'object' && end.variables.id === session.id}
            onEnd={() =>
              end.mutate(
                { id: session.id },
                {
                  onSuccess: (reply) => {
                    notifySuccess(reply.message);
                    if (session.current) onSignedOut();
                  },
                  onError: (failure) => notifyError(failure.message),
                },
              )
            }
          />
        ))}
      </ul>
      {others > 0 && (
        <Button
          variant="ghost"
          size="sm"
          loading={end.isPending && end.variables === 'others'}
          onClick={() =>
            end.mutate('others', {
              onSuccess: (reply) => notifySuccess(reply.message),
              onError: (failure) => notifyError(failure.message),
            })
          }
        >
          {t('End all other sessions')}
        </Button>
      )}
    </div>
  );
}
