import { bandKindOfType } from '@/shared/rules/comfort';
import { measurementsById, type Device } from '@/api/get-devices';
import { displayUnit, measurementKind } from '@/shared/rules/measurement-kinds';
import type { NamedSeries } from '@/domain/series-groups';
import { displayName } from '@/lib/format';
import type { MeasurementSeries } from './time-series';

/** A series without a name from the platform: numbered in the order it first appears. */
export const measurementLabel = (index: number) => `Measurement ${index + 1}`;

export type SeriesName = NamedSeries;

/**
 * Each series named from the place's devices (a history reading's `measurementValueId` is the id
 * of a measurement; field notes): its kind in plain words and its unit, and its source: the
 * device, with its room where devices of several rooms read alike (a floor's), and its id where
 * even that does not tell them apart. `label` stands alone ("CO₂ (ppm) · IAQ sensor"); charts of
 * one kind name their lines by `source`. Without devices, "Measurement 1", "Measurement 2".
 */
export function nameSeries(
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
      band: found.measurement.type ? bandKindOfType[found.measurement.type] : undefined,
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
