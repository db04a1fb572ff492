import { useLocation, useSearchParams } from 'react-router';
import { ReviewList } from '../../../entities/review/components/review-list';
import { pageLinkTemplate, readPageParam } from '../../../lib/page-loading';

/** The Reviews tab: the shop's reviews on a card, paged by links (the loader reads the page from the URL). */
export function ShopReviews({ shopId }: { shopId: number }) {
  const location = useLocation();
  const [params] = useSearchParams();
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <ReviewList
        of={{ shop_id: shopId }}
        paging={{ type: 'link', page: readPageParam(params), urlTemplate: pageLinkTemplate(location.pathname, params) }}
      />
    </div>
  );
}
