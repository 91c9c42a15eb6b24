import type { AlarmList } from '@/shared/contracts/alarms';
import type { Attention } from '@/api/get-attention';
import type { Energy } from '@/api/get-energy';

/**
 * What needs doing now, in words: the first screen's lead (issue #55 item 9). Each item is what a
 * facility manager acts on (rooms out of their band, alarms nobody has taken, meters that stopped),
 * with how much of the portfolio the figure covers when the checks have not been round it all.
 */
export interface NeedsDoingItem {
  key: 'rooms' | 'alarms' | 'meters';
  /** The figure, e.g. "197". */
  count: number;
  /** What it counts, agreeing with the figure: "rooms out of band now". */
  what: string;
  /** What else to know: the coverage, or who has it. */
  note: string | undefined;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const number = (value: number) => value.toLocaleString('en-US');

export function roomsItem(attention: Pick<Attention, 'rooms' | 'checks'>): NeedsDoingItem {
  const { buildings, checked } = attention.checks;
  return {
    key: 'rooms',
    count: attention.rooms,
    what: `${plural(attention.rooms, 'room', 'rooms')} out of band now`,
    // The count is of the buildings checked so far: it must not read as the whole portfolio's.
    note:
      checked === 0
        ? 'No building checked yet'
        : checked < buildings
          ? `in the ${number(checked)} of ${number(buildings)} buildings checked so far`
          : `all ${number(buildings)} ${plural(buildings, 'building', 'buildings')} with sensors checked`,
  };
}

export function alarmsItem(counts: AlarmList['counts']): NeedsDoingItem {
  return {
    key: 'alarms',
    count: counts.unacknowledged,
    what: `${plural(counts.unacknowledged, 'alarm', 'alarms')} nobody has acknowledged`,
    note:
      counts.mine > 0
        ? `${number(counts.mine)} assigned to you; ${number(counts.open)} open in all`
        : `${number(counts.open)} open in all`,
  };
}

/**
 * The Energy screen's "stopped" list, one row long: its total is the buildings whose meters are
 * silent or stuck (a building can be both, so the coverage's two counts are not added).
 */
export function metersItem(stopped: Pick<Energy, 'total' | 'coverage'>): NeedsDoingItem {
  const { total: count, coverage } = stopped;
  return {
    key: 'meters',
    count,
    what: `${plural(count, 'building', 'buildings')} whose meters stopped or stuck`,
    note:
      count === 0
        ? `every meter of ${number(coverage.buildings)} ${plural(coverage.buildings, 'building', 'buildings')} counting`
        : `${number(coverage.stoppedMeters)} silent, ${number(coverage.stuckMeters)} not counting`,
  };
}
