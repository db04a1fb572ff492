import { REVIEWS_PER_PAGE } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../../components/ui/avatar';
import { Pagination } from '../../../components/ui/pagination';
import { usePaginationLook } from '../../../components/ui/pagination-look';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { type ReviewsOf, reviewsQueryOptions } from '../api/reviews';

/**
 * How the list turns its pages: with buttons inside a tab that keeps its page in state (the product
 * page), or with links that carry the page in the URL (the shop page, whose loader reads it).
 */
export type ReviewPaging =
  | { type: 'button'; page: number; onPage: (page: number) => void }
  | { type: 'link'; page: number; urlTemplate: string };

/** The reviews of a product or a shop: the star histogram and a paged list, 6 a page. */
export function ReviewList({ of, paging }: { of: ReviewsOf; paging: ReviewPaging }) {
  const t = useT();
  const time = useMarketTime();
  const api = useApi();
  const look = usePaginationLook();
  const query = useQuery(reviewsQueryOptions(api, of, paging.page));
  const data = query.data;

  if (query.isError && !data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center text-sm text-slate-600">
        <p>{t('We could not load the reviews')}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('Try again')}
        </button>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex flex-col gap-3 py-4" aria-busy="true">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  const summary = data.average_rating_percentage;
  if (!summary || data.total === 0) {
    return <p className="py-10 text-center text-sm text-slate-500">{t('No reviews yet')}</p>;
  }
  const pager = {
    totalItems: data.total,
    itemsPerPage: REVIEWS_PER_PAGE,
    modelValue: paging.page,
    dir: look.dir,
    locale: look.locale,
    labels: { prev: t('Previous'), next: t('Next') },
    ariaLabel: t('Review pages'),
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-6 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center">
        <div className="flex flex-col items-center gap-1 sm:w-40">
          <p className="text-4xl font-bold text-slate-900">{summary.rating.toFixed(1)}</p>
          <Stars rating={summary.rating} />
          <p className="text-xs text-slate-500">{t('{{count}} reviews', { count: summary.total_review })}</p>
        </div>
        <ul className="flex flex-1 flex-col gap-1.5" aria-label={t('Rating breakdown')}>
          {(['5', '4', '3', '2', '1'] as const).map((star) => (
            <li key={star} className="flex items-center gap-2 text-xs text-slate-600">
              <span className="w-12 shrink-0">{t('{{star}} star', { star })}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-amber-400"
                  style={{ width: `${summary.percentages[star]}%` }}
                />
              </span>
              <span className="w-12 shrink-0 text-end" dir="ltr">
                {summary.percentages[star]}%
              </span>
            </li>
          ))}
        </ul>
      </div>
      <ul className={`flex flex-col divide-y divide-slate-100 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {data.reviews.map((review) => (
          <li key={review.id} className="flex gap-3 py-4">
            <Avatar
              src={review.customer_profile}
              name={review.customer_name}
              size={40}
              className="size-10 rounded-full bg-primary-100"
              initialClassName="text-sm font-semibold text-primary-800"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p dir="auto" className="font-medium text-slate-800">
                  {review.customer_name}
                </p>
                <time dateTime={review.created_at} className="text-xs text-slate-500">
                  {time.format(review.created_at, 'longDate')}
                </time>
              </div>
              <Stars rating={review.rating} small />
              {review.description && (
                <p dir="auto" className="mt-1 whitespace-pre-line break-words text-start text-sm text-slate-700">
                  {review.description}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {data.total > REVIEWS_PER_PAGE &&
        (paging.type === 'link' ? (
          <Pagination {...pager} type="link" urlTemplate={paging.urlTemplate} />
        ) : (
          <Pagination {...pager} onUpdate={paging.onPage} />
        ))}
    </div>
  );
}
