import type { PaymentAnalytics } from '@app/contracts';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatWon } from '@/lib/format';
import { paymentsText as m } from './messages';

/**
 * The Recharts drawings of the payments tab and the /payment/analytics screen. Imported only by
 * those two screens (which the app loads lazily), so the chart library stays out of other chunks.
 * Each chart is decoration for sighted users; the figures are in a table next to it. So the
 * charts sit in an aria-hidden box without Recharts' keyboard layer (a focusable chart there would
 * be a stop that announces nothing).
 */

const compact = new Intl.NumberFormat('ko-KR', { notation: 'compact', maximumFractionDigits: 1 });
const plain = new Intl.NumberFormat('ko-KR');

/** `2025-03-14` -> `3/14` (the day as Korean charts label it). */
export function shortDate(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(month)}/${Number(day)}`;
}

const axisTick = { fontSize: 12, fill: 'currentColor' };
const CHART_HEIGHT = 220;

type Daily = PaymentAnalytics['daily_stats'][number];

/** Revenue per day as bars (the tab's last 7 days). */
export function DailyBars({ rows }: { rows: Daily[] }) {
  const data = rows.map((r) => ({ label: shortDate(r.date), total: r.total_amount, count: r.count }));
  return (
    <div className="mt-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} />
          <YAxis
            width={48}
            tickLine={false}
            axisLine={false}
            tick={axisTick}
            tickFormatter={(v) => compact.format(v)}
          />
          <Tooltip formatter={(v) => [formatWon(Number(v)), m.revenue]} cursor={{ fillOpacity: 0.15 }} />
          <Bar dataKey="total" className="mt-chart-bar" radius={[6, 6, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Revenue per day as an area (30 days are too many bars for a phone). */
export function DailyTrend({ rows }: { rows: Daily[] }) {
  const data = rows.map((r) => ({ label: shortDate(r.date), total: r.total_amount }));
  return (
    <div className="mt-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} minTickGap={16} />
          <YAxis
            width={48}
            tickLine={false}
            axisLine={false}
            tick={axisTick}
            tickFormatter={(v) => compact.format(v)}
          />
          <Tooltip formatter={(v) => [formatWon(Number(v)), m.revenue]} />
          <Area type="monotone" dataKey="total" className="mt-chart-area" strokeWidth={2} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Paid payments per hour of the day (Korean time). */
export function HourlyArea({ rows }: { rows: PaymentAnalytics['hourly_stats'] }) {
  const data = rows.map((r) => ({ label: m.hourLabel(r.hour), count: r.count }));
  return (
    <div className="mt-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={180}>
        <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} interval={5} />
          <YAxis
            width={32}
            allowDecimals={false}
            tickLine={false}
            axisLine={false}
            tick={axisTick}
            tickFormatter={(v) => plain.format(v)}
          />
          <Tooltip formatter={(v) => [m.count(Number(v)), m.countHeader]} />
          <Area type="monotone" dataKey="count" className="mt-chart-area" strokeWidth={2} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Paid payments per weekday (only the weekdays that had any). */
export function WeekdayBars({ rows }: { rows: PaymentAnalytics['weekday_stats'] }) {
  const data = rows.map((r) => ({ label: r.weekday_name, count: r.count }));
  return (
    <div className="mt-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={180}>
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} />
          <YAxis width={32} allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} />
          <Tooltip formatter={(v) => [m.count(Number(v)), m.countHeader]} cursor={{ fillOpacity: 0.15 }} />
          <Bar dataKey="count" className="mt-chart-bar" radius={[6, 6, 0, 0]} maxBarSize={36} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
