import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '@shop/contracts/constants';
import { useNavigate } from 'react-router';
import { AddressForm } from '../../features/addresses/components/address-form';
import { metaTranslator } from '../../features/catalog/meta-text';
import { useMaster } from '../../lib/api/master';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/manage-address-new';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Add New Address'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function NewAddress() {
  const t = useT();
  const { master } = useMaster();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="address-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h1 id="address-title" className="mb-5 text-xl font-bold text-slate-900">
        {t('Add New Address')}
      </h1>
      <AddressForm
        phoneMinLength={master?.phone_min_length ?? PHONE_MIN_LENGTH}
        phoneMaxLength={master?.phone_max_length ?? PHONE_MAX_LENGTH}
        onSaved={() => navigate(paths.addresses)}
        onCancel={() => navigate(paths.addresses)}
      />
    </section>
  );
}
