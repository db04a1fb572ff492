import type { FlashSaleWithStatus } from '@shop/contracts/shops';
import type { ReactNode } from 'react';
import { Img } from '../../../components/ui/img';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';

/** The sale's banner, name, discount and what is happening: a countdown, or that it has ended. */
export function FlashSaleHero({ sale, countdown }: { sale: FlashSaleWithStatus; countdown: ReactNode }) {
  const t = useT();
  const ended = sale.status === 'ended';
  const time = useMarketTime();
  return (
    <section
      className={`overflow-hidden rounded-2xl p-4 shadow-sm sm:p-6 ${ended ? 'bg-slate-100' : sale.status === 'running' ? 'bg-gradient-to-br from-rose-50 to-orange-50' : 'bg-gradient-to-br from-indigo-50 to-violet-50'}`}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {sale.thumbnail && (
          <Img
            src={sale.thumbnail}
            alt=""
            width={800}
            height={400}
            sizes="(min-width: 640px) 256px, 100vw"
            priority
            className={`aspect-[2/1] w-full shrink-0 rounded-xl object-cover sm:w-64 ${ended ? 'grayscale' : ''}`}
          />
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-xs font-bold uppercase tracking-wide text-rose-600">
            {sale.status === 'running'
              ? t('Flash Sale')
              : sale.status === 'upcoming'
                ? t('Upcoming Flash Sale')
                : t('Flash sale ended')}
          </p>
          <h1 dir="auto" className="text-start text-2xl font-bold text-slate-900">
            {sale.name}
          </h1>
          {sale.discount > 0 && !ended && (
            <p className="text-base font-bold text-rose-600">
              {t('Up to {{discount}}% OFF', { discount: Math.round(sale.discount) })}
            </p>
          )}
          <p className="text-xs text-slate-500">
            <time dateTime={sale.start_date}>{time.format(sale.start_date, 'dateTimeZone')}</time>
            {' – '}
            <time dateTime={sale.end_date}>{time.format(sale.end_date, 'dateTimeZone')}</time>
          </p>
          {ended ? (
            <p
              role="status"
              className="rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-200"
            >
              {t('This flash sale has ended')}
            </p>
          ) : (
            countdown
          )}
        </div>
      </div>
    </section>
  );
}
