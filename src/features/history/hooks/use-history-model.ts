import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { specOnlyCapabilities, useCapabilities } from '@/api/get-capabilities';
import { deviceQueryOptions, devicesQueryOptions } from '@/api/get-devices';
import { useHistory, type HistoryLevel } from '../api/get-history';
import {
  compareShift,
  describeShift,
  historyRange,
  readCompare,
  readPreset,
  type HistoryPreset,
} from '../utils/history-range';
import { historyClock } from '../utils/reading-format';
import { nameSeries } from '../utils/series-names';

/** "Now" to the minute: pages opened within the same minute share one answer from the cache. */
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

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

export type HistoryRangeChange = Partial<Record<keyof HistoryRangeView, string | undefined>>;

export interface HistoryModelInput {
  level: HistoryLevel;
  /** The platform id of the building, floor or space; undefined when it is not known. */
  id: string | undefined;
  /** The site's IANA zone, or none (the viewer's clock then). */
  timeZone?: string | null | undefined;
  /** What each room is called, by space id: a floor's lines are told apart by their rooms. */
  roomNames?: ReadonlyMap<string, string> | undefined;
  range: HistoryRangeView;
  onRangeChange: (changes: HistoryRangeChange) => void;
  /** Whether the panel is near the window: nothing is asked for before. */
  near: boolean;
}

/**
 * The history panel's model: the range the URL asks for on the place's clock, the readings of it
 * (and of the period it is drawn against), the series' names, asked for only once the panel is
 * near the window; and the two things a person does to the range (a preset, Refresh).
 */
export function useHistoryModel({
  level,
  id,
  timeZone,
  roomNames,
  range: rangeView,
  onRangeChange: setParams,
  near,
}: HistoryModelInput) {
  const clock = useMemo(() => historyClock(timeZone), [timeZone]);
  const capabilities = useCapabilities();
  const preset = readPreset(rangeView.history);
  const custom = useMemo(
    () => ({ from: rangeView.from, to: rangeView.to }),
    [rangeView.from, rangeView.to],
  );
  const [now, setNow] = useState(currentMinute);
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
  // Asked only once near, and once the BFF has said whether the platform has history (or could
  // not say).
  const asking = near && available && !capabilities.isPending;
  const history = useHistory(level, asking ? id : undefined, range.ok ? range : undefined);
  const series = history.data?.series;
  const compareChoice = readCompare(rangeView.compare);
  const comparing = compareChoice !== undefined;
  const shift = range.ok && compareChoice ? compareShift(compareChoice, range) : 0;
  const previous = useHistory(
    level,
    asking && comparing ? id : undefined,
    range.ok && comparing ? { from: range.from - shift, to: range.to - shift } : undefined,
  );
  const overlay = useMemo(
    () =>
      comparing && previous.data
        ? { series: previous.data.series, shiftMs: shift, label: describeShift(shift) }
        : undefined,
    [comparing, previous.data, shift],
  );
  const names = useSeriesNames(level, id, near, roomNames, series);

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

  return {
    clock,
    zone: clock.describe(now),
    near,
    capabilities,
    available,
    preset,
    custom,
    now,
    maxDays,
    range,
    schedule,
    history,
    series,
    compare: { choice: compareChoice, comparing, shift, previous, overlay },
    names,
    setPreset,
    setCustom: (change: { from?: string; to?: string }) =>
      setParams({ history: 'custom', ...change }),
    setCompare: (choice: string) => setParams({ compare: choice || undefined }),
    refresh,
  };
}

export type HistoryModel = ReturnType<typeof useHistoryModel>;

/** A device's history is named from the device; a place's from every device in it. */
function useSeriesNames(
  level: HistoryLevel,
  id: string | undefined,
  near: boolean,
  roomNames: ReadonlyMap<string, string> | undefined,
  series: Parameters<typeof nameSeries>[0] | undefined,
) {
  const capabilities = useCapabilities();
  const devicesOffered = id !== undefined && capabilities.data?.devices.available !== false;
  const placeDevices = useQuery({
    ...devicesQueryOptions(level === 'Devices' ? 'Spaces' : level, id ?? ''),
    enabled: near && devicesOffered && level !== 'Devices',
  });
  const oneDevice = useQuery({
    ...deviceQueryOptions(id ?? ''),
    enabled: near && devicesOffered && level === 'Devices',
  });
  return useMemo(
    () =>
      nameSeries(
        series ?? [],
        level === 'Devices' ? (oneDevice.data ? [oneDevice.data] : undefined) : placeDevices.data,
        roomNames,
      ),
    [series, level, oneDevice.data, placeDevices.data, roomNames],
  );
}
