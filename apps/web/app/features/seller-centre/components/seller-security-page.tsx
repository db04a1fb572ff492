import { SessionsList } from '../../../entities/security/components/sessions-list';
import { TwoStepSettings } from '../../../entities/security/components/two-step-settings';
import { useT } from '../../../lib/i18n';

/** /shop/security: the seller turns two-step sign-in on or off and sees and ends their sessions. */
export function SellerSecurityPage() {
  const t = useT();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('Security')}</h1>
      <section aria-labelledby="two-step-title" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h2 id="two-step-title" className="mb-1 text-lg font-semibold text-slate-900">
          {t('Two-step sign-in')}
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          {t('A code from your phone after your password keeps your shop safe even if the password leaks.')}
        </p>
        <TwoStepSettings />
      </section>
      <section aria-labelledby="sessions-title" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h2 id="sessions-title" className="mb-1 text-lg font-semibold text-slate-900">
          {t('Where you are signed in')}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t('End any session you do not recognise.')}</p>
        <SessionsList onSignedOut={() => window.location.assign('/shop/login')} />
      </section>
    </div>
  );
}
