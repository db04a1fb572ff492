import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SignInCard } from '../../../components/sign-in-card';
import { useSellerLogin } from '../api/seller-session';

/** /shop/login (Seller Center): sellers only; a shopper's account gets the server's 422 message. */
export function SellerLoginPage() {
  const { t } = useTranslation();
  const login = useSellerLogin();
  const navigate = useNavigate();
  return (
    <SignInCard
      title={t('Seller Center')}
      subtitle={t('Sign in to manage your shop’s orders and returns.')}
      onSubmit={async (input) => {
        await login.mutateAsync(input);
        // A full load: the Seller Centre's layout reads the new session on the server.
        navigate('/shop', { replace: true });
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
