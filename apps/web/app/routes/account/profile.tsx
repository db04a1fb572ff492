import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../../entities/profile/api/profile';
import { ProfileForm } from '../../features/account/components/profile-form';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { countriesQueryOptions } from '../../lib/api/countries';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/profile';

/** The country list comes with the page, so the form opens with its country and dial code set. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  return { dehydratedState: await prefetchQueries((client) => client.prefetchQuery(countriesQueryOptions(api))) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('My Profile'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function Profile() {
  const t = useT();
  const api = useApi();
  const { master } = useMaster();
  const user = useQuery(profileQueryOptions(api)).data;
  // Without the list the country keeps its saved value and the dial code its saved code.
  const countries = useQuery(countriesQueryOptions(api)).data ?? [];
  const setUser = useAuthStore((s) => s.setUser);
  if (!user) return null;
  return (
    <section aria-labelledby="profile-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h1 id="profile-title" className="mb-5 text-xl font-bold text-slate-900">
        {t('My Profile')}
      </h1>
      <ProfileForm
        // The form's first values are fixed when it mounts: start again once the countries are known.
        key={`${user.id}-${countries.length > 0}`}
        user={user}
        countries={countries}
        phoneMinLength={master?.phone_min_length ?? PHONE_MIN_LENGTH}
        phoneMaxLength={master?.phone_max_length ?? PHONE_MAX_LENGTH}
        onSaved={setUser}
      />
    </section>
  );
}
