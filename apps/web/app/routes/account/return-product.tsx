import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { metaTranslator } from '../../features/catalog/meta-text';
import { returnableOrderQueryOptions } from '../../features/returns/api/returns';
import { ReturnForm } from '../../features/returns/components/return-form';
import { ApiError } from '../../lib/api-client';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { idParam } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/return-product';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const id = idParam(params.id, 10);
  if (id === null) throw new Response('Not Found', { status: 404 });
  return {
    dehydratedState: await prefetchQueries((client) => client.prefetchQuery(returnableOrderQueryOptions(api, id))),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Return Product'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** /return-product/:id (the order's id): the return form, when the order can still be returned. */
export default function ReturnProduct({ params }: Route.ComponentProps) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const query = useQuery(returnableOrderQueryOptions(api, Number(params.id)));

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-3">
        <Skeleton className="h-7 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <EmptyState icon="returns" title={t('Order not found.')} />
    ) : (
      <ErrorState title={t('We could not load this order')} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data.is_returnable) {
    return (
      <EmptyState
        icon="returns"
        title={t('This order can no longer be returned')}
        hint={t('Only delivered orders without digital products can be returned, within the return period.')}
        action={
          <Link to={paths.returnedOrders} className={buttonClass('primary', 'md')}>
            {t('Return Orders')}
          </Link>
        }
      />
    );
  }
  return <ReturnForm order={query.data} onReturned={(id) => navigate(paths.returnDetails(id))} />;
}
