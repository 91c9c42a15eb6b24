import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ViewToggle } from '@/components/charts/view-toggle';
import { Suspense, lazy, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { specOnlyCapabilities, useCapabilities } from '@/api/get-capabilities';
import {
  deviceQueryOptions,
  devicesQueryOptions,
  measurementsById,
  type Device,
} from '@/api/get-devices';
import { displayUnit, measurementKind } from '@/domain/measurement-kinds';
import type { NamedSeries } from '@/domain/series-groups';
import { displayName } from '@/lib/format';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { downloadCsv, fileSlug, toCsv } from '@/lib/csv';
import {
  describeTimeZone,
  formatAge,
  type MeasurementSeries,
  type Reading,
} from '../utils/time-series';
import { useHistory, type HistoryLevel } from '../api/get-history';
import { FigureGrid } from '@/components/figure-grid';
import { NativeSelectFilter } from '@/components/native-select-filter';
import {
  historyRange,
  presetsWithin,
  localDay,
  presetLabels,
  readPreset,
  describeShift,
  compareChoiceLabels,
  compareShift,
  readCompare,
  type HistoryPreset,
} from '../utils/history-range';

const HistoryCharts = lazy(() =>
  import('./history-charts').then((module) => ({ default: module.HistoryCharts })),
);

const valueFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const formatValue = (value: number) => valueFormat.format(value);
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (time: number) => timeFormat.format(time);
const clockFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** The platform names measurements by id only; the panel numbers them in the order they come. */
/** A series without a name from the platform: numbered in the order it first appears. */
const measurementLabel = (index: number) => `Measurement ${index + 1}`;

type SeriesName = NamedSeries;

/**
 * Each series named from the place's devices (a history reading's `measurementValueId` is the id
 * of a measurement; field notes): its kind in plain words and its unit, and its source: the
 * device, with its room where devices of several rooms read alike (a floor's), and its id where
 * even that does not tell them apart. `label` stands alone ("CO₂ (ppm) · IAQ sensor"); charts of
 * one kind name their lines by `source`. Without devices, "Measurement 1", "Measurement 2".
 */
function nameSeries(
  series: readonly MeasurementSeries[],
  devices: readonly Device[] | undefined,
  roomNames: ReadonlyMap<string, string> | undefined,
): Map<string, SeriesName> {
  const known = measurementsById(devices ?? []);
  const names = series.map((one, index): SeriesName => {
    const found = known.get(one.id);
    if (!found) {
      const label = measurementLabel(index);
      return { id: one.id, label, source: label, unit: '', kind: undefined };
    }
    const unit = displayUnit(found.measurement.unit);
    const kind = measurementKind(found.measurement.type);
    return {
      id: one.id,
      label: unit ? `${kind.label} (${unit})` : kind.label,
      source: displayName(found.device.name ?? null),
      unit,
      kind,
    };
  });
  const count = (key: (name: SeriesName) => string) => {
    const seen = new Map<string, number>();
    for (const name of names) seen.set(key(name), (seen.get(key(name)) ?? 0) + 1);
    return (name: SeriesName) => seen.get(key(name)) ?? 0;
  };
  const sameDevice = count((name) => `${name.label}\u0000${name.source}`);
  const withRoom = names.map((name) => {
    const spaceId = known.get(name.id)?.device.spaceId;
    const room = spaceId ? roomNames?.get(spaceId) : undefined;
    return name.kind && sameDevice(name) > 1 && room
      ? { ...name, source: `${room} · ${name.source}` }
      : name;
  });
  const stillAlike = new Map<string, number>();
  for (const name of withRoom) {
    const key = `${name.label}\u0000${name.source}`;
    stillAlike.set(key, (stillAlike.get(key) ?? 0) + 1);
  }
  const sameLabel = count((name) => name.label);
  return new Map(
    withRoom.map((name) => {
      const source =
        name.kind && (stillAlike.get(`${name.label}\u0000${name.source}`) ?? 0) > 1
          ? `${name.source} · ${name.id.slice(0, 8)}`
          : name.source;
      const label = name.kind && sameLabel(name) > 1 ? `${name.label} · ${source}` : name.label;
      return [name.id, { ...name, source, label }];
    }),
  );
}

/** "Now" to the minute: pages opened within the same minute share one answer from the cache. */
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

/** The latest reading of each measurement, its age counted from when the answer arrived. */
/**
 * Latest values shown before "Show all": a room's or a device's are all of them; a floor's
 * hundreds of series (four per room) are a wall nobody reads, and took a quarter of a second to
 * lay out. The charts below and the floor's conditions now say how its rooms are.
 */
export const latestShownFirst = 24;

function LatestValues({
  series,
  names,
  now,
}: {
  series: MeasurementSeries[];
  names: Map<string, SeriesName>;
  now: number;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? series : series.slice(0, latestShownFirst);
  return (
    <Stack spacing={1}>
      <FigureGrid minWidth={180}>
        {shown.map((one, index) => {
          // The points are in time order: the last is the latest (no summary per card).
          const latest = one.points.at(-1);
          return (
            <Paper key={one.id} variant="outlined" sx={{ p: 1.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {names.get(one.id)?.label ?? measurementLabel(index)}, latest
              </Typography>
              <Typography
                component="dd"
                variant="h5"
                sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
              >
                {latest ? formatValue(latest.value) : '—'}
                {latest && names.get(one.id)?.unit ? (
                  <Typography component="span" variant="body1" color="text.secondary">
                    {' '}
                    {names.get(one.id)!.unit}
                  </Typography>
                ) : null}
              </Typography>
              <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
                {latest ? (
                  <time
                    dateTime={new Date(latest.time).toISOString()}
                    title={formatTime(latest.time)}
                  >
                    {formatAge(now - latest.time)}
                  </time>
                ) : (
                  'no readings'
                )}
              </Typography>
            </Paper>
          );
        })}
      </FigureGrid>
      {series.length > latestShownFirst ? (
        <Box>
          <Button size="small" aria-expanded={all} onClick={() => setAll(!all)}>
            {all
              ? `Show the first ${latestShownFirst} latest values`
              : `Show all ${series.length} latest values`}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

const rowsPerPage = 100;

/** Every reading as the platform sent it, a page at a time (a month of three sensors is ~8,600). */
function ReadingsTable({
  readings,
  names,
}: {
  readings: Reading[];
  names: Map<string, SeriesName>;
}) {
  const [page, setPage] = useState(0);
  const shown = readings.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Readings">
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell>Measurement</TableCell>
              <TableCell align="right">Value</TableCell>
              <TableCell>Unit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((reading, index) => (
              <TableRow key={`${page}-${index}`}>
                <TableCell>{formatTime(Date.parse(reading.timestamp))}</TableCell>
                <TableCell>{names.get(reading.measurementValueId)?.label}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {reading.value}
                </TableCell>
                <TableCell>{names.get(reading.measurementValueId)?.unit}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={readings.length}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[rowsPerPage]}
      />
    </Paper>
  );
}

async function downloadReadings(
  readings: Reading[],
  names: Map<string, SeriesName>,
  zone: string,
  fileName: string,
) {
  const csv = await toCsv(
    // Kind, unit and source each a column of its own: a spreadsheet filters and converts by them.
    ['Time (UTC)', `Time in ${zone}`, 'Measurement', 'Source', 'Measurement id', 'Value', 'Unit'],
    readings.map((reading) => {
      const time = Date.parse(reading.timestamp);
      const name = names.get(reading.measurementValueId);
      return [
        Number.isFinite(time) ? new Date(time).toISOString() : reading.timestamp,
        Number.isFinite(time) ? formatTime(time) : '',
        name?.kind?.label ?? name?.label,
        name?.kind ? name.source : '',
        reading.measurementValueId,
        reading.value,
        name?.unit,
      ];
    }),
  );
  downloadCsv(fileName, csv);
}

function RangeControls({
  preset,
  presets,
  custom,
  now,
  onPreset,
  onCustom,
}: {
  preset: HistoryPreset;
  presets: readonly HistoryPreset[];
  custom: { from: string | null; to: string | null };
  now: number;
  onPreset: (preset: HistoryPreset) => void;
  onCustom: (change: { from?: string; to?: string }) => void;
}) {
  const today = localDay(now);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset}
        onChange={(_event, next: HistoryPreset | null) => next && onPreset(next)}
        aria-label="Time range"
      >
        {presets.map((option) => (
          <ToggleButton key={option} value={option}>
            {presetLabels[option]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {preset === 'custom' ? (
        <>
          <TextField
            type="date"
            size="small"
            label="First day"
            value={custom.from ?? ''}
            onChange={(event) => onCustom({ from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: custom.to ?? today } }}
          />
          <TextField
            type="date"
            size="small"
            label="Last day"
            value={custom.to ?? ''}
            onChange={(event) => onCustom({ to: event.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: custom.from ?? undefined, max: today },
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}

export interface HistoryPanelProps {
  level: HistoryLevel;
  /** The platform id of the building, floor or space; undefined when it is not known. */
  id: string | undefined;
  /** What the place is called, for the download's name. */
  placeName: string;
  /** Why the id is not known (shown instead of the history). */
  missingId?: string | undefined;
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
  range: rangeView,
  onRangeChange: setParams,
}: HistoryPanelProps) {
  const headingId = useId();
  const capabilities = useCapabilities();
  const preset = readPreset(rangeView.history);
  const custom = { from: rangeView.from, to: rangeView.to };
  const [now, setNow] = useState(currentMinute);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // The BFF's own limit: a range it would refuse is never offered.
  const maxDays = capabilities.data?.history.maxDays ?? specOnlyCapabilities.history.maxDays;
  const range = historyRange(preset, now, custom, maxDays);
  const available = capabilities.data?.history.available ?? true;
  const history = useHistory(
    level,
    // Asked only once the BFF has said whether the platform has history (or could not say).
    available && !capabilities.isPending ? id : undefined,
    range.ok ? range : undefined,
  );
  const series = history.data?.series;
  const compareChoice = readCompare(rangeView.compare);
  const comparing = compareChoice !== undefined;
  const shift = range.ok && compareChoice ? compareShift(compareChoice, range) : 0;
  const previous = useHistory(
    level,
    comparing && available && !capabilities.isPending ? id : undefined,
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
    enabled: devicesOffered && level !== 'Devices',
  });
  const oneDevice = useQuery({
    ...deviceQueryOptions(id ?? ''),
    enabled: devicesOffered && level === 'Devices',
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
  const zone = describeTimeZone(now);
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
      setParams({ history: next, from: localDay(now - 6 * 24 * 3600_000), to: localDay(now) });
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
        No readings between {formatTime(range.from)} and {formatTime(range.to)}: the platform has no
        values for this place in that time.
      </Typography>
    );
  } else {
    const readings = history.data.readings;
    body = (
      <Stack spacing={2}>
        <LatestValues series={series} names={names} now={history.dataUpdatedAt} />
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
                zone,
                `storey-history-${fileSlug(placeName, 'place')}-${localDay(range.from)}-to-${localDay(range.to - 1)}.csv`,
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
              formatValue={formatValue}
              formatTime={formatTime}
            />
          </Suspense>
        ) : (
          <ReadingsTable readings={readings} names={names} />
        )}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
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
          {range.ok ? `${formatTime(range.from)} – ${formatTime(range.to)}, ` : ''}
          times in {zone}
          {history.dataUpdatedAt ? ` · updated ${clockFormat.format(history.dataUpdatedAt)}` : ''}
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
