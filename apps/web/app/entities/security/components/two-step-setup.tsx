import type { TwoStepSetup as SetupData } from '@shop/contracts/two-step';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useEnableTwoStep, useStartTwoStepSetup } from '../api/security';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';

/**
 * Setting two-step sign-in up: a new secret (QR code to scan, and the key as text to type), the
 * first code of the app to confirm it, then the recovery codes, shown once. `onDone` runs after
 * the codes are kept.
 */
export function TwoStepSetup({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const t = useT();
  const start = useStartTwoStepSetup();
  const enable = useEnableTwoStep();
  const [setup, setSetup] = useState<SetupData | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  if (!setup) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          {t(
            'After your password, you will type a code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).',
          )}
        </p>
        {start.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {start.error.message}
          </p>
        )}
        <div className="flex gap-2">
          <Button onClick={() => start.mutate(undefined, { onSuccess: setSetup })} loading={start.isPending}>
            {t('Start set-up')}
          </Button>
          {onCancel && (
            <Button variant="ghost" onClick={onCancel}>
              {t('Cancel')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('Enter the code.'));
      return;
    }
    enable.mutate(code, {
      onSuccess: setCodes,
      onError: (failure) => setError(serverFieldErrors(failure).code ?? failure.message),
    });
  };

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 ps-5 text-sm text-slate-700">
        <li>{t('Open your authenticator app and add an account.')}</li>
        <li>{t('Scan the QR code, or type the key below.')}</li>
        <li>{t('Enter the six-digit code the app shows.')}</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qr_code}
          alt={t('QR code for your authenticator app')}
          width={176}
          height={176}
          className="size-44 rounded-xl border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-700">{t('Key to type')}</p>
          <p
            data-testid="two-step-secret"
            dir="ltr"
            className="select-all break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900"
          >
            {setup.secret}
          </p>
          <p className="text-xs text-slate-500">{t('Time-based, six digits, every 30 seconds.')}</p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        <CodeField value={code} onChange={setCode} error={error} />
        <div className="flex gap-2">
          <Button type="submit" loading={enable.isPending}>
            {t('Turn on two-step sign-in')}
          </Button>
          {onCancel && (
            <Button variant="ghost" onClick={onCancel} disabled={enable.isPending}>
              {t('Cancel')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
