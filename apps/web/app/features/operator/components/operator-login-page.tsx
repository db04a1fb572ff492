import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignInCard } from '../../../components/sign-in-card';
import { useOperatorLogin } from '../api/operator';

/** /operator/login: the operator (role admin) signs in; other accounts get the server's 422. */
export function OperatorLoginPage() {
  const { t } = useTranslation();
  const login = useOperatorLogin();
  const navigate = useNavigate();
  return (
    <SignInCard
      title={t('Operator')}
      subtitle={t('Approve shops and answer support tickets.')}
      onSubmit={async (input) => {
        await login.mutateAsync(input);
        navigate('/operator', { replace: true });
      }}
    />
  );
}
