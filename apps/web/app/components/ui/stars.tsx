import { useT } from '../../lib/i18n';
import { StarIcon } from './icons';

/** Five stars filled to the rating (halves and tenths shown as partial fill). */
export function Stars({ rating, small = false }: { rating: number; small?: boolean }) {
  const t = useT();
  const value = Math.min(5, Math.max(0, rating));
  const size = small ? 'size-3.5' : 'size-4.5';
  return (
    <span
      role="img"
      aria-label={t('Rated {{rating}} out of 5', { rating: value.toFixed(1) })}
      className="inline-flex items-center gap-0.5"
    >
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.min(1, Math.max(0, value - i));
        return (
          <span key={i} className={`relative inline-block ${size}`} aria-hidden="true">
            <StarIcon className={`absolute inset-0 ${size} text-slate-300`} />
            <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <StarIcon className={`${size} text-amber-400`} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
