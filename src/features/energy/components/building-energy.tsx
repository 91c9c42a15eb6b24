import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { BuildingEnergy } from '@/api/get-energy';
import { LazyBarChartCard } from '@/components/charts/lazy-bar-chart-card';
import { FigureGrid } from '@/components/figure-grid';
import { Section } from '@/components/section';
import { paths } from '@/config/paths';
import { compareReasonWords, energyReasonWords } from '@/domain/energy-intensity';
import { intensityFormat, kwhFormat, percentFormat, periodWords } from '../utils/energy-words';

// Site dates are written as UTC midnights: read them in UTC so a date is never shifted.
const dayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthLabel = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A building's electricity as the portfolio's energy ranking has it: the same kWh, kWh per m²
 * and change against the 30 days before as on the Energy page (worked out once by the server,
 * server/portfolio-index/energy-ranking.ts), its last 12 whole months, and its use per day and
 * per month on its site's clock.
 */
export function BuildingEnergySummary({
  answer,
  building,
}: {
  answer: BuildingEnergy;
  building: NonNullable<BuildingEnergy['building']>;
}) {
  const period = answer.period!;
  const lastDays = answer.days.filter((day) => day.day >= period.from && day.day <= period.to);
  return (
    <Section title="Energy">
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {periodWords(period)}, midnight to midnight on the site's clock: the figures of the
        portfolio's{' '}
        <Link component={RouterLink} to={paths.energy()}>
          energy ranking
        </Link>
        .
      </Typography>
      <EnergyFigures building={building} days={period.days} year={answer.twelveMonths} />
      <DailyUseChart days={lastDays} periodDays={period.days} />
      <MonthlyUseChart months={answer.twelveMonths.months} />
    </Section>
  );
}

type EnergyYear = BuildingEnergy['twelveMonths'];

/** The last days' use, its intensity, the days before and the change, and the year's intensity. */
function EnergyFigures({
  building,
  days,
  year,
}: {
  building: NonNullable<BuildingEnergy['building']>;
  days: number;
  year: EnergyYear;
}) {
  const used = building.usedKwh ?? 0;
  // Without a meter or an area the year has no figure for the same reason as the 30 days: said once.
  const yearFigure =
    year.building?.reason === 'no-meter' ||
    year.building?.reason === 'meter-unit' ||
    year.building?.reason === 'no-area'
      ? null
      : year.building;
  return (
    <FigureGrid minWidth={200}>
      <Figure label={`Last ${days} days`}>
        <Typography component="dd" variant="h5" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {kwhFormat.format(used)} kWh
        </Typography>
        {building.reason === 'partial' || building.reason === 'beyond-retention' ? (
          <Typography component="dd" variant="caption" color="text.secondary">
            Partial: readings cover {Math.floor(building.coveredDays)} of {days} days
          </Typography>
        ) : null}
      </Figure>
      <Figure label="Per m² of floor area">
        <Typography component="dd">
          {building.intensity !== null
            ? `${intensityFormat.format(building.intensity)} kWh/m²`
            : `Not given: ${energyReasonWords(building.reason!, {
                coveredDays: building.coveredDays,
                days,
              }).replace(/^./, (first) => first.toLowerCase())}.`}
        </Typography>
      </Figure>
      <Figure label={`The ${days} days before`}>
        <Typography component="dd">
          {building.previousKwh === null
            ? 'Not read'
            : `${kwhFormat.format(building.previousKwh)} kWh`}
        </Typography>
      </Figure>
      <Figure label="Change">
        <Typography component="dd">
          {building.change !== null
            ? `${percentFormat.format(building.change)} against the ${days} days before`
            : compareReasonWords(building.compareReason!, days)}
        </Typography>
      </Figure>
      {yearFigure && year.period ? (
        <Figure label="Last 12 months">
          <Typography component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {yearFigure.intensity !== null
              ? `${intensityFormat.format(yearFigure.intensity)} kWh/m²`
              : `Not given: ${energyReasonWords(yearFigure.reason!, {
                  coveredDays: yearFigure.coveredDays,
                  days: year.period.days,
                }).replace(/^./, (first) => first.toLowerCase())}.`}
          </Typography>
          <Typography component="dd" variant="caption" color="text.secondary">
            {yearFigure.intensity !== null ? `${kwhFormat.format(yearFigure.usedKwh!)} kWh, ` : ''}
            {monthLabel.format(Date.parse(year.period.from))} to{' '}
            {monthLabel.format(Date.parse(year.period.to))}
          </Typography>
        </Figure>
      ) : null}
    </FigureGrid>
  );
}

/** Use per day of the last whole days; a day not read whole is left empty. */
function DailyUseChart({
  days: lastDays,
  periodDays: days,
}: {
  days: BuildingEnergy['days'];
  periodDays: number;
}) {
  const gaps = lastDays.filter((day) => !day.complete).length;
  return (
    <LazyBarChartCard
      draw="when-near"
      title={`Use per day, the last ${days} whole days`}
      description="Midnight to midnight on the site's clock; today is not over, so it is not shown."
      data={lastDays.map((day) => ({
        label: dayLabel.format(Date.parse(day.day)),
        value: day.complete ? Math.round(day.usedKwh * 10) / 10 : null,
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

/** Use per month of the last 12 whole months; a month not read whole is left empty. */
function MonthlyUseChart({ months }: { months: EnergyYear['months'] }) {
  if (months.length === 0) return null;
  // A month counts only read whole and within what the site kept; the rest stay empty.
  const whole = (month: (typeof months)[number]) => month.complete && !month.beyondRetention;
  const monthGaps = months.filter((month) => !whole(month)).length;
  return (
    <LazyBarChartCard
      draw="when-near"
      title="Use per month, the last 12 whole months"
      description="Calendar months on the site's clock; the current month is not over, so it is not shown."
      data={months.map((month) => ({
        label: monthLabel.format(Date.parse(`${month.month}-01`)),
        value: whole(month) ? Math.round(month.usedKwh) : null,
      }))}
      measure="energy"
      valueLabel="Use (kWh)"
      categoryLabel="Month"
      format={(value) => `${kwhFormat.format(value)} kWh`}
      tickFormat={(value) => kwhFormat.format(value)}
      layout="vertical"
      footnote={
        monthGaps > 0
          ? `${monthGaps} ${monthGaps === 1 ? 'month is' : 'months are'} left empty: the meter's readings do not cover ${monthGaps === 1 ? 'it' : 'them'} whole (or the site no longer kept ${monthGaps === 1 ? 'it' : 'them'} when Storey first read the meter), and Storey does not guess.`
          : undefined
      }
    />
  );
}
