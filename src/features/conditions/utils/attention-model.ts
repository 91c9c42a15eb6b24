import type {
  Attention,
  AttentionFilter,
  AttentionKind,
  AttentionReading,
} from '@/api/get-attention';
import { paths } from '@/config/paths';
import {
  bandedKindLabels,
  describeBand,
  outOfBandWord,
  type BandLimits,
  type ComfortBands,
  type ComfortHours,
} from '@/shared/rules/comfort';
import { displayUnit } from '@/shared/rules/measurement-kinds';
import { displayName, formatAge, formatCount, siteLabel } from '@/lib/format';

/** The kinds with a comfort band, in the words every screen uses for them. */
export const kindLabels: Record<AttentionKind, string> = bandedKindLabels;

/** "2 h 10 min", "3 days 4 h": how long a room has been out of band. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

/** How long a reading has been out of band at `now`; "at least" when it was out when first read. */
export const outFor = (row: AttentionReading, now: number): string =>
  `${row.outSinceKnown ? '' : 'at least '}${formatDuration(now - Date.parse(row.outSince))}`;

const sensorValue = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/**
 * The room's other sensors of the row's kind that are out of band too ("also Sensor B 26.9 °C"):
 * the row is the room's worst reading, and a room is listed once per kind. A name tells sensors
 * apart only where it differs from the row's own (platforms often name each by its type,
 * "AirTemperatureSensor"): the others are then "another sensor", or "2 more sensors", with
 * their values.
 */
export const otherSensorsWords = (row: AttentionReading): string => {
  if (row.others.length === 0) return '';
  const reading = (other: AttentionReading['others'][number]) => {
    const unit = displayUnit(other.unit);
    return `${sensorValue.format(other.value)}${unit ? ` ${unit}` : ''}`;
  };
  const named = row.others.filter((other) => other.name !== null && other.name !== row.name);
  const unnamed = row.others.filter((other) => !named.includes(other));
  const parts = named.map((other) => `${other.name!} ${reading(other)}`);
  if (unnamed.length === 1) parts.push(`another sensor ${reading(unnamed[0]!)}`);
  else if (unnamed.length > 1)
    parts.push(`${formatCount(unnamed.length)} more sensors ${unnamed.map(reading).join(', ')}`);
  return `also ${parts.join(', ')}`;
};

/** Where a row leads: its room, or its building when the index does not know the room's level. */
export const roomHref = (row: AttentionReading): string =>
  row.levelKey === null
    ? paths.building(row.buildingId)
    : paths.room(row.buildingId, row.levelKey, row.roomId);

/**
 * The band a row was judged by: its room's, as the index kept it (a server room's is not an
 * office's); the office band only for a row judged before the index kept bands.
 */
export function bandOfRow(
  row: AttentionReading,
  bands: ComfortBands | undefined,
): BandLimits | undefined {
  const office = bands?.[row.kind];
  if (row.band.source === null) return office;
  return {
    low: row.band.low ?? undefined,
    high: row.band.high ?? undefined,
    unit: office?.unit ?? displayUnit(row.unit),
    source: row.band.source,
  };
}

/** The CSV of every reading out of band under the filter, each with its band and how long. */
export function attentionCsv(
  rows: readonly AttentionReading[],
  bands: ComfortBands | undefined,
  now: number,
) {
  return {
    header: [
      'Room',
      'Level',
      'Building',
      'Site',
      'Measurement',
      'Verdict',
      'Value',
      'Unit',
      'Band',
      'Band source',
      'Out of band since (UTC)',
      'Since known',
      'Out of band for',
      'Reading time (UTC)',
      'Checked (UTC)',
      'Room id',
      'Building id',
      'Measurement id',
      'Other sensors out of band',
    ],
    rows: rows.map((row) => {
      const band = bandOfRow(row, bands);
      return [
        displayName(row.roomName),
        row.levelName ?? '',
        displayName(row.buildingName),
        siteLabel(row.siteId, row.siteName),
        kindLabels[row.kind],
        outOfBandWord(row.kind, row.status),
        row.value,
        displayUnit(row.unit),
        band ? describeBand(band) : '',
        band?.source ?? '',
        row.outSince,
        row.outSinceKnown ? 'yes' : 'no, at least since then',
        outFor(row, now),
        row.readingAt,
        row.checkedAt,
        row.roomId,
        row.buildingId,
        row.measurementId,
        otherSensorsWords(row),
      ];
    }),
  };
}

export const attentionCsvName = (filter: AttentionFilter): string =>
  `storey-needs-attention${filter.kind ? `-${filter.kind}` : ''}.csv`;

/** The building the list is narrowed to, by name once a row has told it, else by its id. */
export function chosenBuildingName(
  filter: AttentionFilter,
  readings: readonly AttentionReading[] | undefined,
): string | undefined {
  if (filter.building === undefined) return undefined;
  const name = readings?.find((row) => row.buildingId === filter.building)?.buildingName;
  return name ? displayName(name) : filter.building;
}

/** How recent and complete the server's checks are, and what they cost the platform. */
/**
 * Under a count while the checks have not reached every building yet (a large portfolio's first
 * rounds): the count is of the buildings checked, not of the portfolio.
 */
export function coveredNote(checks: Attention['checks']): string | undefined {
  return checks.checked > 0 && checks.checked < checks.buildings
    ? `in the ${formatCount(checks.checked)} buildings checked so far`
    : undefined;
}

export function checksSentence(answer: Attention, now: number, offered: boolean): string {
  const { checks, refresh } = answer;
  const every = `every ${formatCount(refresh.everyMinutes)} minute${refresh.everyMinutes === 1 ? '' : 's'}`;
  const budget = `at most ${formatCount(refresh.requestBudget)} platform requests each time`;
  if (checks.checked === 0)
    return offered
      ? `Storey has not read any building's current values yet. It reads them ${every}, ${budget}.`
      : 'Storey cannot read current values from this platform, so no room is checked.';
  return [
    `Storey reads the buildings' current values ${every}, ${budget}, those checked longest ago first.`,
    checks.checked < checks.buildings
      ? `${formatCount(checks.buildings - checks.checked)} of ${formatCount(checks.buildings)} buildings with devices have not been checked yet.`
      : '',
    checks.oldestCheckAt
      ? `The oldest check is from ${formatAge(now - Date.parse(checks.oldestCheckAt))}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Why the list is empty: nothing checked yet, or every room checked is fine for now. */
export function emptyListWords(answer: Attention, hours: ComfortHours | undefined): string {
  return answer.checks.checked === 0
    ? 'No building has been checked yet.'
    : `Every room checked is within its comfort band, outside its comfort hours${hours ? ` (${hours.label} on its site's clock)` : ''}, or its sensors have not reported in the last hour.`;
}
