import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useTwoStepSignIn } from '../api/security';
import { CodeField } from './code-field';

/**
 * The second step of a sign-in with two-step sign-in on: the code of the app (or a recovery
 * code) with the token the password step gave. `onSignedIn` runs once the session exists;
 * `onRestart` goes back to the password (the token expired or was used).
 */
export function SignInCodeStep({
  title,
  token,
  onSignedIn,
  onRestart,
}: {
  title: string;
  token: string;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const t = useT();
  const signIn = useTwoStepSignIn();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [expired, setExpired] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('Enter the code.'));
      return;
    }
    setError(undefined);
    signIn.mutate(
      { token, code },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          // 400: the password step's token is gone; only a new sign-in helps.
          if (failure instanceof ApiError && failure.status === 400) setExpired(failure.message);
          else setError(serverFieldErrors(failure).code ?? failure.message);
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-500">
        {recovery
          ? t('Enter one of the recovery codes you kept when you set up two-step sign-in.')
          : t('Enter the code your authenticator app shows for this account.')}
      </p>
      {expired ? (
        <div className="mt-6 space-y-4">
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {expired}
          </p>
          <Button className="w-full" onClick={onRestart}>
            {t('Back to Log in')}
          </Button>
        </div>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
          <CodeField
            value={code}
            onChange={setCode}
            error={error}
            recovery={recovery}
            autoFocus
            key={String(recovery)}
          />
          <Button type="submit" className="w-full" size="lg" loading={signIn.isPending}>
            {t('Verify')}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button
              type="button"
              className="font-medium text-primary-700 hover:underline"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
                setError(undefined);
              }}
            >
              {recovery ? t('Use the app’s code instead') : t('Use a recovery code instead')}
            </button>
            <button type="button" className="font-medium text-slate-600 hover:underline" onClick={onRestart}>
              {t('Back to Log in')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
