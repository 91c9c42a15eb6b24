import type { HistorySettings } from '../../config.ts';
import { historyPath } from '../../platform/history.ts';
import { historicalValueRecord } from '../../../src/shared/platform/records.ts';
import { comfortVerdict, type ComfortHours } from '../../../src/shared/rules/comfort.ts';
import type { RoomBands } from '../../../src/shared/rules/space-bands.ts';
import type { PlatformPages } from '../core/platform-pages.ts';

/** How far back a reading seen out of band at its first check is looked up in history. */
export const lookBackMs = 3 * 60 * 60 * 1000;

/** The most history entries read for one look-back (a device's history holds all its points). */
const maxLookBackEntries = 5000;

/** What history says of a reading first seen out of band. */
export interface OutRun {
  /** Readings in a row out of band, ending with the newest (the on-delay counts these). */
  readings: number;
  /** The first of them. */
  since: number;
  /** An in-band reading came before it within the look-back: `since` is when it went out. */
  known: boolean;
}

/**
 * How long a reading first seen out of band has been out, from the platform's history of its
 * device (decision 0021): so a fresh Storey raises what has been wrong for a while at its first
 * check, not one check later, and "since" is when it went out, not when Storey started.
 * Undefined when history says nothing of it (then the reading counts as one check).
 */
export async function outRunFromHistory(
  pages: PlatformPages,
  settings: HistorySettings,
  reading: {
    measurementId: string;
    deviceId: string;
    pointType: string;
    time: number;
    value: number;
  },
  judge: { bands: RoomBands; hours: ComfortHours; timeZone: string | null },
): Promise<OutRun | undefined> {
  const readings: Array<{ time: number; value: number }> = [];
  await pages.restPages(
    historyPath(settings, 'Devices', reading.deviceId, {
      from: reading.time - lookBackMs,
      to: reading.time + 1,
    }),
    `the history of sensor ${reading.measurementId}`,
    (items) => {
      for (const item of items) {
        const parsed = historicalValueRecord.safeParse(item);
        if (!parsed.success || parsed.data.measurementValueId !== reading.measurementId) continue;
        const time = Date.parse(parsed.data.timestamp);
        const value = Number(parsed.data.value);
        if (Number.isFinite(time) && Number.isFinite(value) && time <= reading.time)
          readings.push({ time, value });
      }
    },
    maxLookBackEntries,
  );
  // The reading itself, where the history does not hold it yet.
  if (!readings.some((past) => past.time === reading.time))
    readings.push({ time: reading.time, value: reading.value });
  readings.sort((a, b) => b.time - a.time);
  let run: OutRun | undefined;
  for (const past of readings) {
    const { status } = comfortVerdict(
      { type: reading.pointType, value: past.value, time: past.time, now: past.time },
      judge.bands,
      { hours: judge.hours, timeZone: judge.timeZone },
    );
    if (status !== 'low' && status !== 'high') {
      if (run) run.known = status === 'in-band' || status === 'outside-hours';
      break;
    }
    run = run
      ? { ...run, readings: run.readings + 1, since: past.time }
      : { readings: 1, since: past.time, known: false };
  }
  return run;
}
