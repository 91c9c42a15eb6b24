import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { BuildingEnergy } from '@/api/get-energy';
import { LazyBarChartCard } from '@/components/charts/lazy-bar-chart-card';
import { DailyUseChart } from '@/components/charts/daily-use-chart';
import { Figure, FigureGrid } from '@/components/figure-grid';
import { Section } from '@/components/section';
import { paths } from '@/config/paths';
import { compareReasonWords, energyReasonWords } from '@/domain/energy-intensity';
import { intensityFormat, kwhFormat, percentFormat, periodWords } from '../utils/energy-words';

const monthLabel = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

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
      <DailyUseChart
        days={lastDays.map((day) => ({ day: day.day, kwh: day.complete ? day.usedKwh : null }))}
        periodDays={period.days}
      />
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
