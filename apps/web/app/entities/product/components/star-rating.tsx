import { StarIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

export interface StarRatingProps {
  /** Average rating, 0 to 5. */
  rating: number;
  /** How many reviews, as the API abbreviates it ("1.2K"). */
  reviews: string;
}

/**
 * The compact rating of cards: one star, the average with one decimal, and the review count.
 * Narrow phone cards have no room for five stars plus the sold count on one line.
 */
export function StarRating({ rating, reviews }: StarRatingProps) {
  const t = useT();
  const shown = Math.min(5, Math.max(0, rating)).toFixed(1);
  return (
    <span className="inline-flex items-center gap-0.5 whitespace-nowrap">
      <span
        role="img"
        aria-label={t('Rated {{rating}} out of 5', { rating: shown })}
        className="inline-flex items-center gap-0.5"
      >
        <StarIcon className="size-3.5 shrink-0 text-amber-400" />
        <span className="font-medium text-slate-700" aria-hidden="true">
          {shown}
        </span>
      </span>
      <span>({reviews})</span>
    </span>
  );
}
