import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { Section } from '@/components/section';
import { DailyUseChart } from '@/components/charts/daily-use-chart';
import { dailyUse, kwhPerUnit, periodUse, type PeriodUse } from '@/shared/rules/meter-use';
import { hourMs } from '@/shared/rules/site-clock';
import { daysBefore } from '@/shared/rules/site-days';
import { historyQueryOptions } from '../api/get-history';
import { Figure, FigureGrid } from '@/components/figure-grid';
import { energyChangeFormat, intensityFormat, kwhFormat } from '@/lib/format';

/** The period compared, in whole days of the site's clock: a month's worth, as the index counts. */
export const energyPeriodDays = 30;

/** "Now" to the minute, once per visit: both periods end where the other begins. */
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

type Range = { from: number; to: number };

/** The meter's total over a range, as its readings oldest first. */
function useMeter(meterId: string, measurementId: string, range: Range, enabled = true) {
  return useQuery({
    ...historyQueryOptions('Devices', meterId, range),
    select: (answer) => answer.series.find((series) => series.id === measurementId)?.points ?? [],
    enabled,
  });
}

const daysCovered = (use: PeriodUse) => Math.round(use.covered * energyPeriodDays);

/**
 * A building's electricity from its main meter: the last 30 days against the 30 before, in kWh and
 * kWh per m² of the building's area, each figure saying when it rests on partial readings. Not
 * compared, and saying why, when either period is partial or beyond the site's retention.
 */
export function EnergySummary({
  meterId,
  measurementId,
  unit,
  area,
  timeZone,
}: {
  meterId: string;
  /** The meter's measurement of the building as a whole (its running total). */
  measurementId: string;
  unit: string | null | undefined;
  /** The building's area in m² from the platform; 0 or absent when it has none. */
  area: number | null | undefined;
  /** The site's clock, whose midnights the days and periods follow (UTC when unknown). */
  timeZone: string | null | undefined;
}) {
  const [now] = useState(currentMinute);
  // The same whole days of the site's clock the index counts (shared/rules/site-days): one
  // building page, one kind of day, whether or not the index has read the meter yet.
  const days60 = daysBefore(now, timeZone, 2 * energyPeriodDays);
  const lastRange = { from: days60[energyPeriodDays]!.from, to: days60.at(-1)!.to };
  const beforeRange = { from: days60[0]!.from, to: days60[energyPeriodDays - 1]!.to };
  // One read of both periods and the hour before them (the base of the first rise); where the
  // site keeps less (a retention of 30 days refuses it), the last period alone.
  const both = useMeter(meterId, measurementId, {
    from: beforeRange.from - hourMs,
    to: lastRange.to,
  });
  const lastOnly = useMeter(meterId, measurementId, lastRange, both.isError);
  const scale = kwhPerUnit(unit);
  const readings = both.data ?? lastOnly.data;
  const last = readings ? periodUse(readings, lastRange) : undefined;
  const before = both.data ? periodUse(both.data, beforeRange) : undefined;

  let body: React.ReactNode;
  if (scale === undefined) {
    body = (
      <Typography>
        The building's meter reads in {unit ? `“${unit}”` : 'no unit'}, not in Wh, kWh or MWh, so
        Storey does not sum it as energy.
      </Typography>
    );
  } else if (lastOnly.isError) {
    body = (
      <PartFailedAlert onRetry={() => void both.refetch()}>
        The meter's last {energyPeriodDays} days could not be read: {lastOnly.error.message}
      </PartFailedAlert>
    );
  } else if (!last) {
    body = <LoadingSkeleton label="Loading the building's energy" rows={1} />;
  } else {
    body = (
      <MeterUse
        last={last}
        before={before}
        beforeError={both.error?.message}
        scale={scale}
        area={area}
        readings={readings!}
        now={now}
        timeZone={timeZone}
      />
    );
  }
  return <Section title="Energy">{body}</Section>;
}

/** What the two periods' words say: use per m², the period before, and the change. */
function periodWords(
  last: PeriodUse,
  before: PeriodUse | undefined,
  read: { scale: number; area: number | null | undefined; beforeError: string | undefined },
) {
  const { scale, area } = read;
  const used = last.used * scale;
  const partial = (use: PeriodUse) =>
    use.complete
      ? ''
      : ` (partial: readings cover ${daysCovered(use)} of ${energyPeriodDays} days)`;
  const intensity =
    !area || area <= 0
      ? 'Not given: the platform has no area for this building.'
      : !last.complete
        ? 'Not given: the period is partial.'
        : `${intensityFormat.format(used / area)} kWh/m²`;
  let previous: string;
  let change: string;
  if (!before) {
    previous = `Not read: ${read.beforeError ?? 'the platform did not answer'}`;
    change = `Not compared: the ${energyPeriodDays} days before could not be read.`;
  } else {
    const usedBefore = before.used * scale;
    previous = `${kwhFormat.format(usedBefore)} kWh${partial(before)}`;
    change =
      !last.complete || !before.complete
        ? 'Not compared: a period is partial.'
        : usedBefore <= 0
          ? `Not compared: nothing was used in the ${energyPeriodDays} days before.`
          : `${energyChangeFormat.format((used - usedBefore) / usedBefore)} against the ${energyPeriodDays} days before`;
  }
  return { used, intensity, previous, change };
}

/** The meter's last days against the days before, and its use per day. */
function MeterUse({
  last,
  before,
  beforeError,
  scale,
  area,
  readings,
  now,
  timeZone,
}: {
  last: PeriodUse;
  before: PeriodUse | undefined;
  /** Why the days before could not be read, when they could not. */
  beforeError: string | undefined;
  scale: number;
  area: number | null | undefined;
  readings: Parameters<typeof dailyUse>[0];
  now: number;
  timeZone: string | null | undefined;
}) {
  const { used, intensity, previous, change } = periodWords(last, before, {
    scale,
    area,
    beforeError,
  });
  const days = dailyUse(readings, now, energyPeriodDays, timeZone);
  return (
    <>
      <FigureGrid minWidth={200}>
        <Figure label={`Last ${energyPeriodDays} days`}>
          <Typography component="dd" variant="h5" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {kwhFormat.format(used)} kWh
          </Typography>
          {last.complete ? null : (
            <Typography component="dd" variant="caption" color="text.secondary">
              Partial: readings cover {daysCovered(last)} of {energyPeriodDays} days
            </Typography>
          )}
        </Figure>
        <Figure label="Per m² of floor area">
          <Typography component="dd">{intensity}</Typography>
        </Figure>
        <Figure label={`The ${energyPeriodDays} days before`}>
          <Typography component="dd">{previous}</Typography>
        </Figure>
        <Figure label="Change">
          <Typography component="dd">{change}</Typography>
        </Figure>
      </FigureGrid>
      <DailyUseChart
        days={days.map((day) => ({ day: day.day, kwh: day.complete ? day.used * scale : null }))}
        periodDays={energyPeriodDays}
      />
    </>
  );
}
