import { useState } from 'react';
import { SignInCard } from '../../../components/sign-in-card';
import { SignInCodeStep } from '../../../entities/security/components/sign-in-code-step';
import { useT } from '../../../lib/i18n';
import { useOperatorLogin } from '../api/operator';

/**
 * /operator/login: the operator (role admin) signs in; other accounts get the server's 422. With
 * two-step sign-in on, the password is followed by the code of the authenticator app.
 */
export function OperatorLoginPage() {
  const t = useT();
  const login = useOperatorLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  // A full load: the layout's loader reads the new session on the server and sends an operator
  // without two-step sign-in to its set-up first.
  const enter = () => window.location.replace('/operator');
  if (challenge) {
    return (
      <SignInCodeStep title={t('Operator')} token={challenge} onSignedIn={enter} onRestart={() => setChallenge(null)} />
    );
  }
  return (
    <SignInCard
      title={t('Operator')}
      subtitle={t('Approve shops and answer support tickets.')}
      onSubmit={async (input) => {
        const reply = await login.mutateAsync(input);
        if ('two_step' in reply.data) setChallenge(reply.data.two_step.token);
        else enter();
      }}
    />
  );
}
