import type { AlarmSummary } from '../contracts/alarms.ts';
import { longestQuietMs } from './meter-use.ts';
import { hourMs } from './site-clock.ts';
import { bandedKindLabels, describeBand, outOfBandWord, type BandKind } from './comfort.ts';

/**
 * An alarm in a facility manager's words, written once: the worklist, an alarm's page and the
 * e-mail that tells someone about it all say the same thing.
 */

type Worded = Pick<
  AlarmSummary,
  | 'kind'
  | 'measure'
  | 'direction'
  | 'value'
  | 'unit'
  | 'band'
  | 'sensorName'
  | 'buildingName'
  | 'buildingId'
  | 'levelName'
  | 'roomName'
  | 'roomId'
  | 'detail'
>;

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

const isBandKind = (measure: string | null): measure is BandKind =>
  measure === 'temperature' || measure === 'co2' || measure === 'humidity';

/** "Too warm: 26.5 °C, above the band 20–24 °C" or "No readings from CO₂ sensor 3". */
export function alarmWhat(alarm: Worded): string {
  const measure = isBandKind(alarm.measure) ? bandedKindLabels[alarm.measure] : 'Sensor';
  if (alarm.kind === 'no-data')
    return `No readings from ${alarm.sensorName ?? measure.toLowerCase()}`;
  if (alarm.kind === 'quality')
    return `Data quality: ${alarm.sensorName ?? alarm.measure ?? 'a new error'}${alarm.detail ? ` (${alarm.detail})` : ''}`;
  if (alarm.kind === 'index-failure')
    return `${alarm.sensorName ?? 'The index'} failed twice in a row${alarm.detail ? `: ${alarm.detail}` : ''}`;
  if (alarm.kind === 'meter-silent')
    return `Meter silent: no readings from ${alarm.sensorName ?? "the building's main energy meter"} for over ${longestQuietMs / hourMs} hours`;
  if (alarm.kind === 'meter-stuck')
    return `Meter stuck: ${alarm.sensorName ?? "the building's main energy meter"} counted no use for a whole day`;
  const reading =
    alarm.value === null ? 'no value' : `${number.format(alarm.value)} ${alarm.unit ?? ''}`.trim();
  const word =
    isBandKind(alarm.measure) && alarm.direction
      ? outOfBandWord(alarm.measure, alarm.direction)
      : measure;
  if (!alarm.band || !alarm.direction) return `${word}: ${reading}`;
  const band = describeBand({
    low: alarm.band.low ?? undefined,
    high: alarm.band.high ?? undefined,
    unit: alarm.unit ?? '',
    source: '',
  });
  return `${word}: ${reading}, ${alarm.direction === 'high' ? 'above' : 'below'} the band ${band}`;
}

/** "Skyline Tower › Level 4 › Room 4.12": where, as far as the index knows it. */
export function alarmWhere(alarm: Worded): string {
  const named = (name: string | null) => (name && name.trim() !== '' ? name.trim() : null);
  // About the index itself, not a building.
  if (alarm.buildingId === '') return 'Storey’s portfolio index';
  return [
    named(alarm.buildingName) ?? `Building ${alarm.buildingId}`,
    named(alarm.levelName),
    named(alarm.roomName) ?? (alarm.roomId ? `Room ${alarm.roomId}` : null),
  ]
    .filter((part): part is string => part !== null)
    .join(' › ');
}
