import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L10 14.85 4.75 17.6l1-5.8L1.5 7.7l5.9-.9L10 1.5z';

export interface StarRatingProps {
  /** Average rating, 0 to 5. */
  rating: number;
  /** Tailwind size classes of one star. */
  starClassName?: string;
}

/** Five stars filled to the average (fractions included), announced as "Rated 4.5 out of 5". */
export function StarRating({ rating, starClassName = 'size-3' }: StarRatingProps) {
  const { t } = useTranslation();
  // useId may contain characters that break url(#id) references.
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const value = Math.min(5, Math.max(0, rating));
  const shown = value.toFixed(1);
  return (
    <span
      className="inline-flex items-center"
      role="img"
      aria-label={t('Rated {{rating}} out of 5', { rating: shown })}
    >
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, value - index));
        const gradient = `${id}-star-${index}`;
        return (
          <svg
            key={index}
            viewBox="0 0 20 20"
            className={`${starClassName} shrink-0 rtl:-scale-x-100`}
            aria-hidden="true"
          >
            <defs>
              {/* A hard stop at the fill fraction; rtl mirrors the whole star so it fills from the right. */}
              <linearGradient id={gradient}>
                <stop offset={fill} stopColor="#f59e0b" />
                <stop offset={fill} stopColor="#e5e7eb" />
              </linearGradient>
            </defs>
            <path d={STAR_PATH} fill={`url(#${gradient})`} />
          </svg>
        );
      })}
    </span>
  );
}
