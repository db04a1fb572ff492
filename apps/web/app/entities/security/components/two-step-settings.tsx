import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { twoStepStatusQueryOptions, useDisableTwoStep, useRegenerateRecoveryCodes } from '../api/security';
import { RecoveryCodes } from './recovery-codes';
import { useStepUp } from './step-up';
import { TwoStepSetup } from './two-step-setup';

/**
 * Two-step sign-in of the signed-in seller or operator: whether it is on, turning it on (the
 * set-up), new recovery codes and turning it off (both ask for a fresh code first). The operator
 * cannot turn it off.
 */
export function TwoStepSettings() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const status = useQuery(twoStepStatusQueryOptions(api));
  const withStepUp = useStepUp();
  const regenerate = useRegenerateRecoveryCodes(withStepUp);
  const disable = useDisableTwoStep(withStepUp);
  const [settingUp, setSettingUp] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  if (status.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t('Loading...')}</span>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  }
  if (status.isError)
    return <ErrorState title={t('Two-step sign-in could not be loaded.')} onRetry={() => status.refetch()} />;
  const state = status.data;

  if (newCodes) return <RecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />;

  if (!state.enabled) {
    if (settingUp) {
      return (
        <TwoStepSetup
          onCancel={() => setSettingUp(false)}
          onDone={() => {
            setSettingUp(false);
            void status.refetch();
          }}
        />
      );
    }
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          <span className="me-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
            {t('Off')}
          </span>
          {t('Only your password protects this account.')}
        </p>
        <Button onClick={() => setSettingUp(true)}>{t('Turn on two-step sign-in')}</Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <span className="me-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
          {t('On')}
        </span>
        {state.enabled_at && t('Since {{time}}', { time: time.format(state.enabled_at, 'date') })}
      </p>
      <p className="text-sm text-slate-600">
        {t('{{count}} recovery codes left.', { count: state.recovery_codes_left })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          loading={regenerate.isPending}
          onClick={() =>
            regenerate.mutate(undefined, { onSuccess: setNewCodes, onError: (failure) => notifyError(failure.message) })
          }
        >
          {t('Make new recovery codes')}
        </Button>
        {state.required ? (
          <p className="self-center text-sm text-slate-500">{t('The operator must keep two-step sign-in on.')}</p>
        ) : (
          <Button
            variant="ghost"
            loading={disable.isPending}
            onClick={() =>
              disable.mutate(undefined, {
                onSuccess: (reply) => notifySuccess(reply.message),
                onError: (failure) => notifyError(failure.message),
              })
            }
          >
            {t('Turn off two-step sign-in')}
          </Button>
        )}
      </div>
    </div>
  );
}
