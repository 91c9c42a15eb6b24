import type { BandKind } from '@/shared/rules/comfort';
import type { MeasurementKind } from '@/shared/rules/measurement-kinds';

/** A history series as the charts group it: what it measures, in which unit, from which source. */
export interface NamedSeries {
  id: string;
  /** What it measures in plain words ("Air temperature"); undefined when the platform did not say. */
  kind: MeasurementKind | undefined;
  /** Its unit as people read it ("°C"; "" for counts). */
  unit: string;
  /** The comfort band it is judged against, where its kind has one. */
  band?: BandKind | undefined;
  /** The series' own name within its group: the device, and the room when devices read alike. */
  source: string;
  /** Its whole name where it stands alone ("Measurement 3" when nothing is known about it). */
  label: string;
}

export interface SeriesGroup {
  /** Stable for one kind and unit (or one unnamed series). */
  key: string;
  /** "Air temperature (°C)": one chart, one value axis. */
  title: string;
  kind: MeasurementKind | undefined;
  unit: string;
  /** The comfort band its series are judged against, where their kind has one. */
  band: BandKind | undefined;
  members: NamedSeries[];
}

/**
 * Series of the same kind and unit drawn together on one axis (a floor's twenty room temperatures
 * are one chart, not twenty); different units never share an axis. A series nothing is known
 * about stays alone: two "Measurement"s may measure different things. Groups keep the order in
 * which their first series came.
 */
export function groupByKindAndUnit(series: readonly NamedSeries[]): SeriesGroup[] {
  const groups = new Map<string, SeriesGroup>();
  for (const one of series) {
    const key = one.kind ? `${one.kind.label}\u0000${one.unit}` : `series\u0000${one.id}`;
    const group = groups.get(key);
    if (group) {
      group.members.push(one);
      continue;
    }
    groups.set(key, {
      key,
      title: one.kind ? (one.unit ? `${one.kind.label} (${one.unit})` : one.kind.label) : one.label,
      kind: one.kind,
      unit: one.unit,
      band: one.band,
      members: [one],
    });
  }
  return [...groups.values()];
}
