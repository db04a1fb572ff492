import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { metaTranslator } from '../../features/catalog/meta-text';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/change-password';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Change Password'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ChangePassword() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="change-password-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h1 id="change-password-title" className="mb-5 text-xl font-bold text-slate-900">
        {t('Change Password')}
      </h1>
      <ChangePasswordForm />
    </section>
  );
}
