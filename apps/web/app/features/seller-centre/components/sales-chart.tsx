import type { SalesDay } from '@shop/contracts/earnings';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { useMaster } from '../../../lib/api/master';
import { useMarketTime } from '../../../lib/market-time';
import { formatMoneyCompact } from '../../../lib/money';
import { resolveDisplayCurrency } from '../../../lib/use-display-currency';
import { useSellerMoney } from '../format';

export interface SalesChartProps {
  series: SalesDay[];
  rtl: boolean;
  /** A fixed size, for a render without layout (tests); otherwise the chart fills its box. */
  width?: number;
  height?: number;
}

/** The sides the axes sit on: time reads from the start side, takings at the start, orders at the end. */
export function salesAxes(rtl: boolean) {
  return {
    timeReversed: rtl,
    revenueSide: rtl ? ('right' as const) : ('left' as const),
    ordersSide: rtl ? ('left' as const) : ('right' as const),
  };
}

/**
 * Takings (bars) and orders (a line) per day. Drawn for sighted readers only: the page gives the
 * same figures as a table to screen readers and to anyone who asks for it, so the picture is
 * hidden from assistive technology and takes no focus. In rtl the days run from right to left
 * and the takings' axis stands on the right, where the reader starts.
 */
export default function SalesChart({ series, rtl, width, height = 280 }: SalesChartProps) {
  const { t, i18n } = useTranslation();
  const time = useMarketTime();
  const money = useSellerMoney();
  const { master } = useMaster();
  const currency = { ...resolveDisplayCurrency(master, null), rate: 1 };
  const language = (i18n.language || 'en').split('-')[0] || 'en';
  const axes = salesAxes(rtl);
  const sized = width === undefined ? { responsive: true, style: { width: '100%', height } } : { width, height };
  return (
    <div aria-hidden="true" data-testid="sales-chart" dir="ltr">
      <ComposedChart
        {...sized}
        data={series}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="date"
          reversed={axes.timeReversed}
          tickFormatter={(day: string) => time.day(day, 'dayMonth')}
          interval="preserveStartEnd"
          minTickGap={16}
          tick={{ fontSize: 12, fill: '#64748b' }}
          tickLine={false}
        />
        <YAxis
          yAxisId="revenue"
          orientation={axes.revenueSide}
          tickFormatter={(value: number) => formatMoneyCompact(value, currency, language)}
          tick={{ fontSize: 12, fill: '#64748b' }}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        <YAxis
          yAxisId="orders"
          orientation={axes.ordersSide}
          allowDecimals={false}
          tick={{ fontSize: 12, fill: '#64748b' }}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        <Tooltip
          labelFormatter={(day) => time.day(String(day), 'date')}
          formatter={(value, name) =>
            name === 'revenue' ? [money.format(Number(value)), t('Revenue')] : [String(value), t('Orders')]
          }
        />
        <Bar yAxisId="revenue" dataKey="revenue" name="revenue" fill="var(--color-primary-300)" radius={[3, 3, 0, 0]} />
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="orders"
          type="linear"
          stroke="var(--color-primary-800)"
          strokeWidth={2}
          // A point per day while the days are few enough to tell apart.
          dot={series.length <= 31 ? { r: 2.5 } : false}
        />
      </ComposedChart>
      <div className="mt-2 flex justify-center gap-5 text-xs text-slate-600" dir={rtl ? 'rtl' : 'ltr'}>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary-300" />
          {t('Revenue')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded bg-primary-800" />
          {t('Orders')}
        </span>
      </div>
    </div>
  );
}
