import { REVIEWS_PER_PAGE } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Img } from '../../../components/ui/img';
import { Pagination, type PaginationDir, type PaginationLocale } from '../../../components/ui/pagination';
import { TileGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { reviewsQueryOptions } from '../../../lib/api/reviews';
import { useApi } from '../../../lib/api-context';
import { pageLinkTemplate, readPageParam } from '../../../lib/page-loading';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          className={`size-4 ${n <= Math.round(rating) ? 'text-amber-500' : 'text-slate-200'}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L10 14.85 4.75 17.6l1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}

/** The Reviews tab: the rating summary and the shop's reviews, 6 a page. */
export function ShopReviews({
  shopId,
  look,
}: {
  shopId: number;
  look: { dir: PaginationDir; locale: PaginationLocale };
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const location = useLocation();
  const [params] = useSearchParams();
  const page = readPageParam(params);
  const query = useQuery(reviewsQueryOptions(api, { shop_id: shopId }, page));
  const dateFormat = new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'long', timeZone: 'UTC' });

  if (query.isPending) {
    return <TileGridSkeleton count={3} className="space-y-3" tileClassName="h-24" />;
  }
  if (query.isError)
    return <ErrorState title={t('We could not load the reviews')} onRetry={() => void query.refetch()} />;
  const { reviews, total, average_rating_percentage: summary } = query.data;
  if (reviews.length === 0) return <EmptyState icon="storefront" title={t('No reviews yet')} />;

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
      {summary && (
        <aside className="h-fit rounded-2xl bg-white p-4 shadow-sm">
          <p className="text-3xl font-bold text-slate-900">{summary.rating.toFixed(1)}</p>
          <Stars rating={summary.rating} />
          <p className="mt-1 text-sm text-slate-500">
            {summary.total_review === 1 ? t('1 Review') : t('{{count}} Reviews', { count: summary.total_review })}
          </p>
          <ul className="mt-3 space-y-1.5">
            {(['5', '4', '3', '2', '1'] as const).map((star) => (
              <li key={star} className="flex items-center gap-2 text-xs text-slate-600">
                <span className="w-3 tabular-nums">{star}</span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                  <span className="block h-full bg-amber-400" style={{ width: `${summary.percentages[star]}%` }} />
                </span>
                <span className="w-10 text-end tabular-nums">{summary.percentages[star]}%</span>
              </li>
            ))}
          </ul>
        </aside>
      )}
      <div className="space-y-3">
        <ul className="space-y-3">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-2xl bg-white p-4 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-50 font-semibold text-primary-700">
                  {review.customer_profile ? (
                    <Img
                      src={review.customer_profile}
                      alt=""
                      width={40}
                      height={40}
                      className="size-full object-cover"
                    />
                  ) : (
                    review.customer_name.charAt(0).toUpperCase()
                  )}
                </span>
                <div className="min-w-0">
                  <p dir="auto" className="truncate text-start text-sm font-semibold text-slate-900">
                    {review.customer_name}
                  </p>
                  <p className="flex items-center gap-2 text-xs text-slate-500">
                    <Stars rating={review.rating} />
                    <span className="sr-only">{t('Rating')}</span>
                    <span>{review.rating.toFixed(1)}</span>
                    <time dateTime={review.created_at}>{dateFormat.format(new Date(review.created_at))}</time>
                  </p>
                </div>
              </div>
              {review.description && (
                <p dir="auto" className="mt-2 text-start text-sm text-slate-700">
                  {review.description}
                </p>
              )}
            </li>
          ))}
        </ul>
        <Pagination
          type="link"
          urlTemplate={pageLinkTemplate(location.pathname, params)}
          totalItems={total}
          itemsPerPage={REVIEWS_PER_PAGE}
          modelValue={page}
          dir={look.dir}
          locale={look.locale}
        />
      </div>
    </div>
  );
}
