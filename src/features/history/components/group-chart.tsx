import { WhenNear } from '@/components/when-near';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Palette } from '@mui/material/styles';
import { useMemo } from 'react';
import { consumptionPerPeriod, consumptionPeriod } from '@/domain/meter-consumption';
import { splitImplausible } from '@/domain/plausible-readings';
import type { SeriesGroup } from '@/domain/series-groups';
import { bandForDrawing, rowsForDrawing } from '../utils/chart-drawing';
import type { ChartScheme, PreviousPeriod } from '../utils/chart-lines';
import { summarize, type MeasurementSeries } from '../utils/time-series';
import { comfortIntervals, type BandLimits, type ComfortSchedule } from '@/shared/rules/comfort';
import { ChartNotes, describeChart } from './group-chart-notes';
import { ChartDrawing, drawnLinesOf } from './group-chart-plot';

/**
 * One chart of the History panel: a kind of measure in one unit, its series as lines (or as a
 * spread and median when there are many), the period before dashed over it, the comfort band
 * behind, and in words what it shows.
 */

/**
 * Points drawn per line at most: about one per pixel of a wide chart, whatever the range. A chart
 * draws at most `maxLinesDrawn` series (and their periods before), so this bounds its points too.
 */
export const maxDrawnPoints = 800;

/**
 * Lines a chart draws one by one at most. Beyond this (a floor's rooms), a chart draws their
 * spread and median and names the `namedInBand` furthest from it: a hundred lines in six colours
 * cannot be told apart, and drawing them took seconds (issue #28).
 */
export const maxLinesDrawn = 8;
export const namedInBand = 4;

/** A series' readings moved forward in time, to lie over the period after theirs. */
const shifted = (points: readonly { time: number; value: number }[], shiftMs: number) =>
  points.map((point) => ({ time: point.time + shiftMs, value: point.value }));

interface GroupChartProps {
  band: BandLimits | undefined;
  schedule: ComfortSchedule | undefined;
  timeZone: string;
  group: SeriesGroup;
  seriesById: Map<string, MeasurementSeries>;
  previousById: Map<string, MeasurementSeries> | undefined;
  previous: PreviousPeriod | undefined;
  scheme: ChartScheme;
  range: { from: number; to: number };
  palette: Palette;
  formatValue: (value: number) => string;
  formatTime: (time: number) => string;
}

/** What one chart draws and says: its title, lines, the band's hours and its description. */
function useGroupChart(props: GroupChartProps) {
  const { group, range, band, schedule, previous } = props;
  const { kind, members } = group;
  // A cumulative meter is drawn as use per hour, day, week or month, not as its running total.
  const period = kind?.cumulative ? consumptionPeriod(range) : undefined;
  const { lines, data, named, summary, beforeSummary } = useChartLines(
    group,
    props.seriesById,
    props.previousById,
    previous,
    range,
    period,
  );
  // Where the band applies: the comfort hours within the range, or all of it without a schedule.
  const bandHours = useMemo(
    () => (!band ? [] : schedule ? comfortIntervals(range, schedule) : [range]),
    [band, schedule, range],
  );
  const title = period ? `${group.title}, use per ${period}` : group.title;
  const leftOut = lines.flatMap((line) =>
    line.implausible.map((point) => ({ point, source: line.member.source })),
  );
  const describe = describeChart({
    title,
    members: members.length,
    period,
    summary,
    beforeSummary,
    leftOut: leftOut.length,
    named: named?.length,
    previous,
    band,
    schedule,
    formatValue: props.formatValue,
  });
  const drawnLines = drawnLinesOf(lines, named, previous, props.scheme, props.palette);
  return { period, lines, data, named, bandHours, title, leftOut, describe, drawnLines };
}

/**
 * The chart's title, and which sensor when it draws one: its device's name, not the
 * measurement's id (the walk found raw ids in the titles); the id stays in the table and the CSV.
 */
function ChartCaption({ title, group }: { title: string; group: SeriesGroup }) {
  const only = group.members.length === 1 ? group.members[0]! : undefined;
  return (
    <Typography variant="subtitle2" component="figcaption" sx={{ mb: 1 }}>
      {title}
      {!only?.source || only.source === title ? null : (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {only.source}
        </Typography>
      )}
    </Typography>
  );
}

export function GroupChart(props: GroupChartProps) {
  const { band, schedule, previous, scheme, palette, formatValue, formatTime } = props;
  const chart = useGroupChart(props);
  const { lines, named, title } = chart;
  return (
    <Paper variant="outlined" component="figure" sx={{ p: 2, m: 0 }}>
      <ChartCaption title={title} group={props.group} />
      <Box role="img" aria-label={chart.describe} sx={{ height: 180 }}>
        {/* Drawn as it comes near: a floor has a chart per kind, thousands of pixels of them. */}
        <WhenNear placeholder={null}>
          <ChartDrawing
            data={chart.data}
            band={band}
            bandHours={chart.bandHours}
            range={props.range}
            timeZone={props.timeZone}
            period={chart.period}
            spreadOf={named ? lines.length : undefined}
            drawnLines={chart.drawnLines}
            several={props.group.members.length > 1}
            title={title}
            palette={palette}
            formatValue={formatValue}
            formatTime={formatTime}
          />
        </WhenNear>
      </Box>
      <ChartNotes
        title={title}
        band={band}
        schedule={schedule}
        previous={previous}
        lines={lines}
        named={named}
        leftOut={chart.leftOut}
        scheme={scheme}
        palette={palette}
        formatValue={formatValue}
        formatTime={formatTime}
      />
    </Paper>
  );
}

/**
 * A chart's series as drawn: implausible readings left out, a meter's total as use per period,
 * the period before moved over this one; as rows of lines, or of a spread when there are many;
 * and their summaries.
 */
function useChartLines(
  group: SeriesGroup,
  seriesById: Map<string, MeasurementSeries>,
  previousById: Map<string, MeasurementSeries> | undefined,
  previous: PreviousPeriod | undefined,
  range: { from: number; to: number },
  period: ReturnType<typeof consumptionPeriod> | undefined,
) {
  const { kind, members } = group;
  const lines = useMemo(
    () =>
      members.map((member) => {
        // Implausible readings stay off the axis (listed below it).
        const split = splitImplausible(seriesById.get(member.id)?.points ?? [], kind ?? {});
        // The period before, worked out the same way and moved over this one.
        const before = previousById
          ? splitImplausible(previousById.get(member.id)?.points ?? [], kind ?? {}).kept
          : undefined;
        return {
          member,
          shown: period ? consumptionPerPeriod(split.kept, period) : split.kept,
          implausible: split.implausible,
          before: before
            ? shifted(period ? consumptionPerPeriod(before, period) : before, previous!.shiftMs)
            : undefined,
        };
      }),
    [members, seriesById, previousById, previous, kind, period],
  );
  const banded = lines.length > maxLinesDrawn;
  const { data, named } = useMemo(() => {
    const drawn = [
      ...lines.map((line) => line.shown),
      ...lines.flatMap((line) => (line.before ? [line.before] : [])),
    ];
    if (!banded)
      return {
        data: rowsForDrawing(drawn, range, maxDrawnPoints),
        named: undefined,
      };
    const band = bandForDrawing(drawn, lines.length, range, maxDrawnPoints, namedInBand);
    return { data: band.rows, named: band.named.map((index) => lines[index]!) };
  }, [lines, range, banded]);
  const beforeSummary = useMemo(
    () =>
      previous ? summarize(lines.flatMap((line) => (line.before ? [line.before] : []))) : undefined,
    [lines, previous],
  );
  const summary = useMemo(() => summarize(lines.map((line) => line.shown)), [lines]);
  return { lines, data, named, summary, beforeSummary };
}
