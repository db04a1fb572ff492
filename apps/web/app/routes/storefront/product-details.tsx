import { dehydrate, useQuery } from '@tanstack/react-query';
import { data, type MetaDescriptor, useRevalidator } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { reviewsQueryOptions } from '../../entities/review/api/reviews';
import { metaTranslator } from '../../features/catalog/meta-text';
import { productDetailsQueryOptions } from '../../features/product-details/api/product-details';
import { ProductDetailsPage } from '../../features/product-details/components/product-details-page';
import { plainText } from '../../features/product-details/product-json-ld';
import { useMaster } from '../../lib/api/master';
import { ApiError } from '../../lib/api-client';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { makeServerQueryClient } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/product-details';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const client = makeServerQueryClient();
  const slug = params.slug;
  try {
    const details = await client.fetchQuery(productDetailsQueryOptions(api, slug));
    // Reviews are a tab away; their first page comes along so the tab opens without a spinner.
    await client.prefetchQuery(reviewsQueryOptions(api, { product_id: details.product.id }, 1));
    const { product } = details;
    return {
      failed: false as const,
      slug,
      seo: {
        name: product.name,
        description: product.meta_description || plainText(product.short_description || product.description, 160),
        image: product.thumbnails[0]?.thumbnail ?? product.thumbnail,
        title: product.meta_title,
      },
      dehydratedState: dehydrate(client),
    };
  } catch (error) {
    // An unknown slug (404) or one that cannot be a slug (422) is a missing page.
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throw data(null, { status: 404 });
    return { failed: true as const, slug, seo: null, dehydratedState: undefined };
  }
}

export function meta({ matches, loaderData, params }: Route.MetaArgs): MetaDescriptor[] {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  const path = paths.product(params.slug);
  const seo = loaderData?.seo;
  if (!seo) return seoMeta({ title: t('Product'), path, appName, publicUrl });
  return [
    ...seoMeta({
      title: seo.name,
      description: seo.description,
      path,
      appName,
      publicUrl,
      image: seo.image,
      type: 'product',
    }),
    // The main image is the largest paint of the page: the browser fetches it before the CSS.
    { tagName: 'link', rel: 'preload', as: 'image', href: seo.image, fetchPriority: 'high' },
  ];
}

export default function ProductDetailsRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const api = useApi();
  const revalidator = useRevalidator();
  const { master } = useMaster();
  const query = useQuery({ ...productDetailsQueryOptions(api, loaderData.slug), enabled: !loaderData.failed });

  if (loaderData.failed || query.isError) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-3 py-16 text-center">
        <p role="alert" className="text-slate-700">
          {t('We could not load this product')}
        </p>
        <button
          type="button"
          onClick={() => void (loaderData.failed ? revalidator.revalidate() : query.refetch())}
          className="rounded-lg bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800"
        >
          {t('Try again')}
        </button>
      </div>
    );
  }
  if (!query.data) return <DetailsSkeleton />;
  return (
    <ProductDetailsPage
      key={query.data.product.id}
      product={query.data.product}
      related={query.data.related_products}
      popular={query.data.popular_products}
      publicUrl={master?.baseUrl ?? ''}
      appName={master?.app_name ?? ''}
    />
  );
}

function DetailsSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-3 py-6 md:grid-cols-2 lg:px-6" aria-busy="true">
      <Skeleton className="aspect-square w-full rounded-2xl" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}
