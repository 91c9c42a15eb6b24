import { kwhFormat } from '@/lib/format';
import { LazyBarChartCard } from './lazy-bar-chart-card';

// Site dates (YYYY-MM-DD) are read as the UTC midnights they name, so a date is never shifted
// by the viewer's zone: the label is the site's date.
const dayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/**
 * A meter's use per day of the site's clock, the last `periodDays` whole days: one chart on a
 * building's page whether the index read the meter or the browser did. A day not read whole
 * (`kwh` null) is left empty, and the footnote says how many.
 */
export function DailyUseChart({
  days,
  periodDays,
}: {
  days: ReadonlyArray<{ day: string; kwh: number | null }>;
  periodDays: number;
}) {
  const gaps = days.filter((day) => day.kwh === null).length;
  return (
    <LazyBarChartCard
      draw="when-near"
      title={`Use per day, the last ${periodDays} whole days`}
      description="Midnight to midnight on the site's clock; today is not over, so it is not shown."
      data={days.map((day) => ({
        label: dayLabel.format(Date.parse(`${day.day}T00:00:00Z`)),
        value: day.kwh === null ? null : Math.round(day.kwh * 10) / 10,
      }))}
      measure="energy"
      valueLabel="Use (kWh)"
      categoryLabel="Day"
      format={(value) => `${kwhFormat.format(value)} kWh`}
      tickFormat={(value) => kwhFormat.format(value)}
      layout="vertical"
      footnote={
        gaps > 0
          ? `${gaps} ${gaps === 1 ? 'day is' : 'days are'} left empty: the meter's readings do not cover ${gaps === 1 ? 'it' : 'them'} whole, and Storey does not guess.`
          : undefined
      }
    />
  );
}
