import type { FlashSale } from '@shop/contracts/catalog';
import { useEffect, useRef } from 'react';
import { Img } from '../../../components/ui/img';
import { ProductCard } from '../../../entities/product/components/product-card';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useNow } from '../hooks/use-now';
import { msUntil, splitDuration } from '../utils/countdown';
import { Countdown } from './countdown';
import { ScrollRow } from './scroll-row';
import { Section } from './section-shell';

export interface FlashSaleSectionProps {
  sale: FlashSale;
  /** 'running' counts down to the end, 'incoming' to the start. */
  kind: 'running' | 'incoming';
  /** The loader's clock, so the server and the hydrating client render the same countdown. */
  initialNow: number;
  /** Called once when the countdown reaches zero (the sale started or ended): refresh the page data. */
  onElapsed?: () => void;
}

function BoltIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M13.5 2.25a.75.75 0 0 1 .7 1.02L12.1 9h6.15a.75.75 0 0 1 .57 1.24l-9 10.5a.75.75 0 0 1-1.28-.71L10.65 15H4.5a.75.75 0 0 1-.57-1.24l9-10.5a.75.75 0 0 1 .57-.26Z" />
    </svg>
  );
}

/** Section 4 of the home page: an upcoming or a running flash sale with its countdown and products. */
export function FlashSaleSection({ sale, kind, initialNow, onElapsed }: FlashSaleSectionProps) {
  const t = useT();
  const now = useNow(initialNow);
  const target = kind === 'running' ? sale.end_date : sale.start_date;
  const left = msUntil(target, now);
  const reported = useRef(false);

  useEffect(() => {
    if (left > 0 || reported.current) return;
    reported.current = true;
    onElapsed?.();
  }, [left, onElapsed]);

  const products = sale.products ?? [];
  const running = kind === 'running';
  const title = (
    <span className="inline-flex items-center gap-2">
      <span
        className={`flex size-8 items-center justify-center rounded-lg text-white ${running ? 'bg-gradient-to-br from-rose-500 to-orange-500' : 'bg-gradient-to-br from-indigo-500 to-violet-500'}`}
      >
        <BoltIcon className="size-5" />
      </span>
      <span>
        {running ? t('Flash Sale') : t('Upcoming Flash Sale')}
        <span className="block text-xs font-medium text-slate-500">{sale.name}</span>
      </span>
    </span>
  );

  return (
    <Section
      id={`flash-sale-${kind}`}
      title={title}
      viewAllTo={paths.flashSale(sale.id)}
      className={
        running
          ? 'bg-gradient-to-b from-rose-50 via-white to-white'
          : 'bg-gradient-to-b from-indigo-50 via-white to-white'
      }
      aside={<Countdown parts={splitDuration(left)} label={running ? t('Ends in') : t('Starts in')} tone={kind} />}
    >
      {products.length > 0 ? (
        <ScrollRow label={sale.name}>
          {products.map((product) => (
            <li key={product.id} className="w-40 shrink-0 snap-start sm:w-44 lg:w-[calc((100%-5*0.75rem)/6)]">
              <ProductCard product={product} />
            </li>
          ))}
        </ScrollRow>
      ) : (
        <div className="flex items-center gap-4 rounded-xl bg-white/70 p-3 ring-1 ring-slate-100">
          {sale.thumbnail && (
            <Img
              src={sale.thumbnail}
              alt=""
              width={176}
              height={88}
              sizes="(min-width: 640px) 176px, 144px"
              className="aspect-[2/1] w-36 shrink-0 rounded-lg object-cover sm:w-44"
            />
          )}
          <div className="min-w-0">
            {sale.discount > 0 && (
              <p className={`text-base font-bold ${running ? 'text-rose-600' : 'text-indigo-700'}`}>
                {t('Up to {{discount}}% OFF', { discount: Math.round(sale.discount) })}
              </p>
            )}
            <p className="text-sm text-slate-600">
              {running ? t('The deals of this sale are sold out') : t('Deals will be revealed when the sale starts')}
            </p>
          </div>
        </div>
      )}
    </Section>
  );
}
