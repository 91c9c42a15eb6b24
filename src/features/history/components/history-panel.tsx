import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useId, useMemo, useState } from 'react';
import { specOnlyCapabilities, useCapabilities } from '@/api/get-capabilities';
import { deviceQueryOptions, devicesQueryOptions } from '@/api/get-devices';
import { ViewToggle } from '@/components/charts/view-toggle';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { useNear, waitsUntilNear } from '@/components/when-near';
import { fileSlug } from '@/lib/csv';
import type { ComfortBands } from '@/shared/rules/comfort';
import { useHistory, type HistoryLevel } from '../api/get-history';
import {
  compareChoiceLabels,
  compareShift,
  describeShift,
  historyRange,
  presetsWithin,
  readCompare,
  readPreset,
  type HistoryPreset,
} from '../utils/history-range';
import { formatValue, historyClock } from '../utils/reading-format';
import { nameSeries } from '../utils/series-names';
import { LatestValues } from './latest-values';
import { RangeControls } from './range-controls';
import { ReadingsTable, downloadReadings } from './readings-table';

const HistoryCharts = lazy(() =>
  import('./history-charts').then((module) => ({ default: module.HistoryCharts })),
);

/** "Now" to the minute: pages opened within the same minute share one answer from the cache. */
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

export interface HistoryPanelProps {
  level: HistoryLevel;
  /** The platform id of the building, floor or space; undefined when it is not known. */
  id: string | undefined;
  /** What the place is called, for the download's name. */
  placeName: string;
  /** Why the id is not known (shown instead of the history). */
  missingId?: string | undefined;
  /**
   * The site's IANA zone: times, days and the comfort hours' shading on the building's clock;
   * without one, the viewer's (and the panel says which).
   */
  timeZone?: string | null | undefined;
  /**
   * The bands a room's charts shade (its type's: a store room has none); without them, the
   * office bands the BFF is set to.
   */
  bands?: Partial<ComfortBands> | undefined;
  /** What each room is called, by space id: a floor's lines are told apart by their rooms. */
  roomNames?: ReadonlyMap<string, string> | undefined;
  /** The range as the route keeps it (in the URL, so a view can be shared). */
  range: HistoryRangeView;
  onRangeChange: (changes: Partial<Record<keyof HistoryRangeView, string | undefined>>) => void;
}

/** The panel's range, as written in the URL: `history` (a preset), `from` and `to` (local days). */
export interface HistoryRangeView {
  history: string | null;
  from: string | null;
  to: string | null;
  /**
   * What the charts are also drawn against, aligned by weekday and hour: `previous` (the period
   * before), `day`, `week`, `month` (4 weeks) or `year` (52 weeks) back.
   */
  compare?: string | null;
}

/**
 * "How has this been behaving?": the place's readings over a range, the latest value of each
 * measurement and its age, one chart per kind and unit (gaps as gaps), every reading as a table and
 * CSV. Hidden, with one line saying why, where the platform offers no history.
 */
export function HistoryPanel({
  level,
  id,
  placeName,
  missingId,
  roomNames,
  timeZone,
  bands,
  range: rangeView,
  onRangeChange: setParams,
}: HistoryPanelProps) {
  const clock = useMemo(() => historyClock(timeZone), [timeZone]);
  const headingId = useId();
  // Read once the panel is in the window: it is the last part of a page, below the first screen
  // of a phone, and its readings (a floor's hundreds of series) and charts were two thirds of a
  // page's work while it loaded (#54). Each chart is then drawn as it comes near.
  const { ref: section, near } = useNear('0px');
  const capabilities = useCapabilities();
  const preset = readPreset(rangeView.history);
  const custom = useMemo(
    () => ({ from: rangeView.from, to: rangeView.to }),
    [rangeView.from, rangeView.to],
  );
  const [now, setNow] = useState(currentMinute);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // The BFF's own limit: a range it would refuse is never offered.
  const maxDays = capabilities.data?.history.maxDays ?? specOnlyCapabilities.history.maxDays;
  // One object while nothing it depends on changes: the charts' drawings (and the comfort hours'
  // stretches) are worked out from it, once, not at every render.
  const range = useMemo(
    () => historyRange(preset, now, custom, maxDays, clock),
    [preset, now, custom, maxDays, clock],
  );
  const available = capabilities.data?.history.available ?? true;
  // The comfort hours on the site's clock (UTC where the site has no zone, as they are judged).
  const comfortHours = capabilities.data?.comfortHours;
  const schedule = useMemo(
    () => (comfortHours ? { hours: comfortHours, timeZone } : undefined),
    [comfortHours, timeZone],
  );
  const history = useHistory(
    level,
    // Asked only once the BFF has said whether the platform has history (or could not say).
    near && available && !capabilities.isPending ? id : undefined,
    range.ok ? range : undefined,
  );
  const series = history.data?.series;
  const compareChoice = readCompare(rangeView.compare);
  const comparing = compareChoice !== undefined;
  const shift = range.ok && compareChoice ? compareShift(compareChoice, range) : 0;
  const previous = useHistory(
    level,
    near && comparing && available && !capabilities.isPending ? id : undefined,
    range.ok && comparing ? { from: range.from - shift, to: range.to - shift } : undefined,
  );
  const overlay = useMemo(
    () =>
      comparing && previous.data
        ? { series: previous.data.series, shiftMs: shift, label: describeShift(shift) }
        : undefined,
    [comparing, previous.data, shift],
  );
  const devicesOffered = id !== undefined && capabilities.data?.devices.available !== false;
  // A device's history is named from the device; a place's from every device in it.
  const placeDevices = useQuery({
    ...devicesQueryOptions(level === 'Devices' ? 'Spaces' : level, id ?? ''),
    enabled: near && devicesOffered && level !== 'Devices',
  });
  const oneDevice = useQuery({
    ...deviceQueryOptions(id ?? ''),
    enabled: near && devicesOffered && level === 'Devices',
  });
  const names = useMemo(
    () =>
      nameSeries(
        series ?? [],
        level === 'Devices' ? (oneDevice.data ? [oneDevice.data] : undefined) : placeDevices.data,
        roomNames,
      ),
    [series, level, oneDevice.data, placeDevices.data, roomNames],
  );
  const zone = clock.describe(now);
  if (capabilities.isSuccess && !available) {
    return (
      <Alert severity="info" variant="outlined" component="section" aria-label="History">
        {capabilities.data.history.state === 'not-enabled'
          ? `History is not shown: ${capabilities.data.history.reason ?? "Storey's platform credential is not enabled for historical values"}.`
          : `History is not shown: the platform does not offer historical values${capabilities.data.history.reason ? ` (${capabilities.data.history.reason})` : ''}.`}
      </Alert>
    );
  }

  const setPreset = (next: HistoryPreset) => {
    if (next === 'custom' && !custom.from) {
      // Start a custom range from the week that was just shown.
      setParams({
        history: next,
        from: clock.day(now - 6 * 24 * 3600_000),
        to: clock.day(now),
      });
    } else {
      setParams({ history: next === '24h' ? undefined : next });
    }
    setNow(currentMinute());
  };

  const refresh = () => {
    const next = currentMinute();
    // Within the same minute the range is the same: ask again rather than wait for a new key.
    if (next === now) void history.refetch();
    else setNow(next);
  };

  let body: React.ReactNode;
  if (missingId) {
    body = <Typography color="text.secondary">{missingId}</Typography>;
  } else if (!range.ok) {
    body = <Alert severity="warning">{range.problem}</Alert>;
  } else if (!near) {
    // Nothing is asked for yet: the shape of what comes, not a loading status.
    body = <Skeleton variant="rounded" height={220} aria-hidden />;
  } else if (capabilities.isPending || history.isPending) {
    body = <LoadingSkeleton label="Loading the history" rows={3} />;
  } else if (history.isError) {
    body = (
      <PartFailedAlert onRetry={() => void history.refetch()}>
        The history could not be loaded: {history.error.message}
      </PartFailedAlert>
    );
  } else if (!series || series.length === 0) {
    body = (
      <Typography>
        No readings between {clock.formatTime(range.from)} and {clock.formatTime(range.to)}: the
        platform has no values for this place in that time.
      </Typography>
    );
  } else {
    const readings = history.data.readings;
    body = (
      <Stack spacing={2}>
        <LatestValues
          series={series}
          names={names}
          now={history.dataUpdatedAt}
          formatTime={clock.formatTime}
        />
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <ViewToggle label="History: view as" value={view} onChange={setView} />
          <Box sx={{ minWidth: 240 }}>
            <NativeSelectFilter
              label="Against"
              allLabel="Nothing: this period alone"
              value={compareChoice ?? ''}
              options={compareChoiceLabels(range)}
              onChange={(choice) => setParams({ compare: choice || undefined })}
              minWidth={240}
            />
          </Box>
          <Button
            size="small"
            variant="outlined"
            onClick={() =>
              void downloadReadings(
                readings,
                names,
                { zone, formatTime: clock.formatTime },
                `storey-history-${fileSlug(placeName, 'place')}-${clock.day(range.from)}-to-${clock.day(range.to - 1)}.csv`,
              )
            }
          >
            Download CSV ({readings.length.toLocaleString()} readings)
          </Button>
        </Stack>
        {comparing && previous.isError ? (
          <PartFailedAlert onRetry={() => void previous.refetch()}>
            The period {describeShift(shift)} could not be read: {previous.error.message}
          </PartFailedAlert>
        ) : null}
        {comparing && previous.data?.series.length === 0 ? (
          <Alert severity="info">
            Nothing to draw against: the platform has no readings of this place{' '}
            {describeShift(shift)}. It may not keep history that far back; choose a shorter step.
          </Alert>
        ) : null}
        {view === 'chart' ? (
          <Suspense
            fallback={
              <Skeleton
                variant="rounded"
                height={220}
                role="status"
                aria-label="Loading the charts"
              />
            }
          >
            <HistoryCharts
              series={series}
              names={series.flatMap((one) => names.get(one.id) ?? [])}
              range={range}
              previous={overlay}
              bands={bands ?? capabilities.data?.comfortBands}
              schedule={schedule}
              timeZone={clock.timeZone}
              formatValue={formatValue}
              formatTime={clock.formatTime}
            />
          </Suspense>
        ) : (
          <ReadingsTable readings={readings} names={names} formatTime={clock.formatTime} />
        )}
      </Stack>
    );
  }

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      ref={section}
      {...(near ? {} : waitsUntilNear)}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="h6" component="h2" id={headingId}>
          History
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {range.ok ? `${clock.formatTime(range.from)} – ${clock.formatTime(range.to)}, ` : ''}
          times in {zone}
          {clock.site ? ", the building's clock" : ''}
          {history.dataUpdatedAt ? ` · updated ${clock.formatClock(history.dataUpdatedAt)}` : ''}
        </Typography>
      </Stack>
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <RangeControls
            preset={preset}
            presets={presetsWithin(maxDays)}
            custom={custom}
            now={now}
            clock={clock}
            onPreset={setPreset}
            onCustom={(change) => setParams({ history: 'custom', ...change })}
          />
          {preset !== 'custom' ? (
            <Button size="small" onClick={refresh}>
              Refresh
            </Button>
          ) : null}
        </Stack>
        {body}
      </Stack>
    </Box>
  );
}
