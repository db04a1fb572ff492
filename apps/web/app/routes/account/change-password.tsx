import { sessionsQueryOptions } from '../../entities/security/api/security';
import { SessionsList } from '../../entities/security/components/sessions-list';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { metaTranslator } from '../../features/catalog/meta-text';
import { apiFromRequest } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/change-password';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) => client.prefetchQuery(sessionsQueryOptions(api)));
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Change Password'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ChangePassword() {
  const t = useT();
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="change-password-title"
        className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h1 id="change-password-title" className="mb-5 text-xl font-bold text-slate-900">
          {t('Change Password')}
        </h1>
        <ChangePasswordForm />
      </section>
      {/* The shopper's own sessions, as the Seller Centre and the operator screen show theirs. */}
      <section aria-labelledby="sessions-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="sessions-title" className="mb-1 text-lg font-semibold text-slate-900">
          {t('Where you are signed in')}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t('End any session you do not recognise.')}</p>
        <SessionsList onSignedOut={() => window.location.assign('/')} />
      </section>
    </div>
  );
}
