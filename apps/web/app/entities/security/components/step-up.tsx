import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { isStepUpError, useVerifyTwoStep } from '../api/security';
import { CodeField } from './code-field';

type WithStepUp = <T>(call: () => Promise<T>) => Promise<T>;

const StepUpContext = createContext<WithStepUp | null>(null);

/**
 * Runs a call that may need a fresh two-step code (changing payment keys or security settings,
 * paying a withdrawal). When the server answers 403 TWO_STEP_REQUIRED, the dialog asks for the
 * code; once it is accepted the call is sent again. Cancelling the dialog fails the call with
 * the server's answer.
 */
export function useStepUp(): WithStepUp {
  // Outside the Seller Centre's and operator's layouts (a component rendered on its own) there is
  // nobody to ask: the call goes as it is and a 403 stays the call's error.
  return useContext(StepUpContext) ?? passThrough;
}

const passThrough: WithStepUp = (call) => call();

export function StepUpProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const verify = useVerifyTwoStep();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const settle = useRef<((verified: boolean) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setCode('');
        setError(undefined);
        setRecovery(false);
        setOpen(true);
      }),
    [],
  );

  const finish = (verified: boolean) => {
    setOpen(false);
    settle.current?.(verified);
    settle.current = null;
  };

  const withStepUp = useCallback<WithStepUp>(
    async (call) => {
      try {
        return await call();
      } catch (failure) {
        if (!isStepUpError(failure) || !(await ask())) throw failure;
        return call();
      }
    },
    [ask],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('Enter the code.'));
      return;
    }
    verify.mutate(code, {
      onSuccess: () => finish(true),
      onError: (failure) => setError(serverFieldErrors(failure).code ?? failure.message),
    });
  };

  return (
    <StepUpContext.Provider value={withStepUp}>
      {children}
      <AppDialog open={open} onClose={() => finish(false)} title={t('Confirm it is you')}>
        <form onSubmit={submit} noValidate className="space-y-4 p-5">
          <p className="text-sm text-slate-600">
            {t(
              'This change needs a code given in the last 10 minutes. Enter the code your authenticator app shows now.',
            )}
          </p>
          <CodeField value={code} onChange={setCode} error={error} recovery={recovery} autoFocus />
          <button
            type="button"
            className="text-sm font-medium text-primary-700 hover:underline"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(undefined);
            }}
          >
            {recovery ? t('Use the app’s code instead') : t('Use a recovery code instead')}
          </button>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => finish(false)} disabled={verify.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={verify.isPending}>
              {t('Confirm')}
            </Button>
          </div>
        </form>
      </AppDialog>
    </StepUpContext.Provider>
  );
}
