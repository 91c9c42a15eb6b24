import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useId, useState } from 'react';
import { ViewToggle } from '@/components/charts/view-toggle';
import { NativeSelectFilter } from '@/components/native-select-filter';
import { LoadingSkeleton, PartFailedAlert } from '@/components/query-states';
import { useNear, waitsUntilNear } from '@/components/when-near';
import { fileSlug } from '@/lib/csv';
import type { ComfortBands } from '@/shared/rules/comfort';
import type { HistoryLevel } from '../api/get-history';
import {
  useHistoryModel,
  type HistoryModel,
  type HistoryRangeChange,
  type HistoryRangeView,
} from '../hooks/use-history-model';
import { compareChoiceLabels, describeShift, presetsWithin } from '../utils/history-range';
import { formatValue } from '../utils/reading-format';
import { LatestValues } from './latest-values';
import { RangeControls } from './range-controls';
import { ReadingsTable, downloadReadings } from './readings-table';

export type { HistoryRangeView } from '../hooks/use-history-model';

const HistoryCharts = lazy(() =>
  import('./history-charts').then((module) => ({ default: module.HistoryCharts })),
);

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
  onRangeChange: (changes: HistoryRangeChange) => void;
}

/**
 * "How has this been behaving?": the place's readings over a range, the latest value of each
 * measurement and its age, one chart per kind and unit (gaps as gaps), every reading as a table and
 * CSV. Hidden, with one line saying why, where the platform offers no history.
 */
export function HistoryPanel({ placeName, missingId, bands, ...input }: HistoryPanelProps) {
  // Read once the panel is in the window: it is the last part of a page, below the first screen
  // of a phone, and its readings (a floor's hundreds of series) and charts were two thirds of a
  // page's work while it loaded (#54). Each chart is then drawn as it comes near.
  const { ref: section, near } = useNear('0px');
  const model = useHistoryModel({ ...input, near });
  const headingId = useId();
  // Kept here, not in the readings: a chosen table stays a table while another range loads.
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const { capabilities, available, range, clock, preset } = model;
  if (capabilities.isSuccess && !available) {
    const { state, reason } = capabilities.data.history;
    return (
      <Alert severity="info" variant="outlined" component="section" aria-label="History">
        {state === 'not-enabled'
          ? `History is not shown: ${reason ?? "Storey's platform credential is not enabled for historical values"}.`
          : `History is not shown: the platform does not offer historical values${reason ? ` (${reason})` : ''}.`}
      </Alert>
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
          times in {model.zone}
          {clock.site ? ", the building's clock" : ''}
          {model.history.dataUpdatedAt
            ? ` · updated ${clock.formatClock(model.history.dataUpdatedAt)}`
            : ''}
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
            presets={presetsWithin(model.maxDays)}
            custom={model.custom}
            now={model.now}
            clock={clock}
            onPreset={model.setPreset}
            onCustom={model.setCustom}
          />
          {preset !== 'custom' ? (
            <Button size="small" onClick={model.refresh}>
              Refresh
            </Button>
          ) : null}
        </Stack>
        <HistoryBody
          model={model}
          view={{ value: view, onChange: setView }}
          missingId={missingId}
          placeName={placeName}
          bands={bands}
        />
      </Stack>
    </Box>
  );
}

/** What the panel shows under its range: why nothing, the shape of what comes, or the readings. */
type ViewChoice = { value: 'chart' | 'table'; onChange: (view: 'chart' | 'table') => void };

function HistoryBody({
  model,
  view,
  missingId,
  placeName,
  bands,
}: {
  model: HistoryModel;
  view: ViewChoice;
  missingId: string | undefined;
  placeName: string;
  bands: Partial<ComfortBands> | undefined;
}) {
  const { range, history, series, clock } = model;
  if (missingId) return <Typography color="text.secondary">{missingId}</Typography>;
  if (!range.ok) return <Alert severity="warning">{range.problem}</Alert>;
  // Nothing is asked for yet: the shape of what comes, not a loading status.
  if (!model.near) return <Skeleton variant="rounded" height={220} aria-hidden />;
  if (model.capabilities.isPending || history.isPending)
    return <LoadingSkeleton label="Loading the history" rows={3} />;
  if (history.isError)
    return (
      <PartFailedAlert onRetry={() => void history.refetch()}>
        The history could not be loaded: {history.error.message}
      </PartFailedAlert>
    );
  if (!series || series.length === 0)
    return (
      <Typography>
        No readings between {clock.formatTime(range.from)} and {clock.formatTime(range.to)}: the
        platform has no values for this place in that time.
      </Typography>
    );
  return (
    <HistoryReadings
      model={model}
      view={view}
      series={series}
      readings={history.data.readings}
      range={range}
      placeName={placeName}
      bands={bands}
    />
  );
}

type ReadHistory = NonNullable<HistoryModel['history']['data']>;
type ReadRange = Extract<HistoryModel['range'], { ok: true }>;

/** The readings of the range: latest values, then a chart per kind or every reading as a table. */
function HistoryReadings({
  model,
  view,
  series,
  readings,
  range,
  placeName,
  bands,
}: {
  model: HistoryModel;
  view: ViewChoice;
  series: ReadHistory['series'];
  readings: ReadHistory['readings'];
  range: ReadRange;
  placeName: string;
  bands: Partial<ComfortBands> | undefined;
}) {
  const { clock, names, compare } = model;
  const download = () =>
    void downloadReadings(
      readings,
      names,
      { zone: model.zone, formatTime: clock.formatTime },
      `storey-history-${fileSlug(placeName, 'place')}-${clock.day(range.from)}-to-${clock.day(range.to - 1)}.csv`,
    );
  return (
    <Stack spacing={2}>
      <LatestValues
        series={series}
        names={names}
        now={model.history.dataUpdatedAt}
        formatTime={clock.formatTime}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ViewToggle label="History: view as" value={view.value} onChange={view.onChange} />
        <Box sx={{ minWidth: 240 }}>
          <NativeSelectFilter
            label="Against"
            allLabel="Nothing: this period alone"
            value={compare.choice ?? ''}
            options={compareChoiceLabels(range)}
            onChange={model.setCompare}
            minWidth={240}
          />
        </Box>
        <Button size="small" variant="outlined" onClick={download}>
          Download CSV ({readings.length.toLocaleString()} readings)
        </Button>
      </Stack>
      {compare.comparing && compare.previous.isError ? (
        <PartFailedAlert onRetry={() => void compare.previous.refetch()}>
          The period {describeShift(compare.shift)} could not be read:{' '}
          {compare.previous.error.message}
        </PartFailedAlert>
      ) : null}
      {compare.comparing && compare.previous.data?.series.length === 0 ? (
        <Alert severity="info">
          Nothing to draw against: the platform has no readings of this place{' '}
          {describeShift(compare.shift)}. It may not keep history that far back; choose a shorter
          step.
        </Alert>
      ) : null}
      {view.value === 'chart' ? (
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
            previous={compare.overlay}
            bands={bands ?? model.capabilities.data?.comfortBands}
            schedule={model.schedule}
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
