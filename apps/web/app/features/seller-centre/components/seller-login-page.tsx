import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SignInCard } from '../../../components/sign-in-card';
import { SignInCodeStep } from '../../../entities/security/components/sign-in-code-step';
import { useT } from '../../../lib/i18n';
import { useSellerLogin } from '../api/seller-session';

/**
 * /shop/login (Seller Center): sellers only; a shopper's account gets the server's 422 message.
 * A seller with two-step sign-in on gives the code of the authenticator app after the password.
 */
export function SellerLoginPage() {
  const t = useT();
  const login = useSellerLogin();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string | null>(null);
  // A full load: the Seller Centre's layout reads the new session on the server.
  const enter = () => navigate('/shop', { replace: true });
  if (challenge) {
    return (
      <SignInCodeStep
        title={t('Seller Center')}
        token={challenge}
        onSignedIn={enter}
        onRestart={() => setChallenge(null)}
      />
    );
  }
  return (
    <SignInCard
      title={t('Seller Center')}
      subtitle={t('Sign in to manage your shop’s orders and returns.')}
      onSubmit={async (input) => {
        const reply = await login.mutateAsync(input);
        if ('two_step' in reply.data) setChallenge(reply.data.two_step.token);
        else enter();
      }}
      footer={
        <>
          {t('No shop yet?')}{' '}
          <Link to="/shop/register" className="font-semibold text-primary-700 hover:underline">
            {t('Become a Seller')}
          </Link>
        </>
      }
    />
  );
}
