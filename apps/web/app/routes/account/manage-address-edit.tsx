import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { addressesQueryOptions } from '../../entities/address/api/addresses';
import { AddressForm } from '../../features/addresses/components/address-form';
import { metaTranslator } from '../../features/catalog/meta-text';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/manage-address-edit';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  return { dehydratedState: await prefetchQueries((client) => client.prefetchQuery(addressesQueryOptions(api))) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Edit Address'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function EditAddress({ params }: Route.ComponentProps) {
  const t = useT();
  const api = useApi();
  const { master } = useMaster();
  const navigate = useNavigate();
  const query = useQuery(addressesQueryOptions(api));
  const id = Number(params.id);
  const address = query.data?.find((a) => a.id === id);

  return (
    <section aria-labelledby="address-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h1 id="address-title" className="mb-5 text-xl font-bold text-slate-900">
        {t('Edit Address')}
      </h1>
      {query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-2/3" />
        </div>
      ) : query.isError ? (
        <ErrorState title={t('We could not load your addresses')} onRetry={() => void query.refetch()} />
      ) : !address ? (
        // Another shopper's address id, or one deleted meanwhile: the same answer (never their data).
        <EmptyState
          icon="mapPin"
          title={t('Address not found')}
          action={
            <Link to={paths.addresses} className={buttonClass('primary', 'md')}>
              {t('Back to addresses')}
            </Link>
          }
        />
      ) : (
        <AddressForm
          key={address.id}
          address={address}
          phoneMinLength={master?.phone_min_length ?? PHONE_MIN_LENGTH}
          phoneMaxLength={master?.phone_max_length ?? PHONE_MAX_LENGTH}
          onSaved={() => navigate(paths.addresses)}
          onCancel={() => navigate(paths.addresses)}
        />
      )}
    </section>
  );
}
