import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/ui/icons';

/**
 * A horizontally scrolling list (swipe on touch screens) with previous/next buttons on larger
 * screens. Works in rtl: the browser's scroll position runs negative there, so only its size is used.
 */
export function ScrollRow({ children, label }: { children: ReactNode; label: string }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const offset = Math.abs(el.scrollLeft);
    setEdges({ atStart: offset <= 8, atEnd: offset + el.clientWidth >= el.scrollWidth - 8 });
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.addEventListener('scroll', measure, { passive: true });
    // Measured when the browser has laid the row out anyway (a ResizeObserver reports after
    // layout, at once and on every resize), never by forcing a layout of the page from this
    // effect: right after hydration that cost ~25 ms per page on a phone.
    if (typeof ResizeObserver === 'undefined') {
      const frame = requestAnimationFrame(measure);
      window.addEventListener('resize', measure);
      return () => {
        cancelAnimationFrame(frame);
        el.removeEventListener('scroll', measure);
        window.removeEventListener('resize', measure);
      };
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure]);

  const scroll = (forward: boolean) => {
    const el = ref.current;
    if (!el) return;
    const rtl = i18n.dir() === 'rtl';
    const step = el.clientWidth * 0.8 * (forward ? 1 : -1) * (rtl ? -1 : 1);
    el.scrollBy({ left: step, behavior: 'smooth' });
  };

  const button =
    'absolute top-1/2 z-10 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-700 shadow-lg ring-1 ring-slate-200 transition hover:text-primary-700 disabled:pointer-events-none disabled:opacity-0 sm:flex';
  return (
    <div className="relative">
      <ul
        ref={ref}
        aria-label={label}
        className="-mx-1 flex scroll-px-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden snap-x gap-3 overflow-x-auto px-1 pb-1 pt-0.5"
      >
        {children}
      </ul>
      <button
        type="button"
        className={`${button} -start-3`}
        onClick={() => scroll(false)}
        disabled={edges.atStart}
        aria-label={t('Previous products')}
      >
        <ChevronIcon className="size-5" back />
      </button>
      <button
        type="button"
        className={`${button} -end-3`}
        onClick={() => scroll(true)}
        disabled={edges.atEnd}
        aria-label={t('Next products')}
      >
        <ChevronIcon className="size-5" />
      </button>
    </div>
  );
}
