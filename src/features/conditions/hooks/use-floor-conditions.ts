import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { currentValuesQueryOptions } from '@/api/get-current-values';
import { measuredKinds, roomConditions, type RoomCondition } from '@/domain/room-conditions';
import { useComfort } from './use-comfort';

export interface FloorRoom {
  spaceId: string;
  name: string;
  href: string;
}

export type FloorSortKey = 'value' | 'room';
export interface FloorSort {
  key: FloorSortKey;
  desc: boolean;
}

/** The rooms by name, or by the chosen measure's value (a room without one counts as the lowest). */
function orderRooms(
  rooms: readonly FloorRoom[],
  conditions: ReadonlyMap<string, RoomCondition>,
  sort: FloorSort,
): FloorRoom[] {
  const numeric = (condition: RoomCondition | undefined) =>
    typeof condition?.reading?.value === 'number'
      ? condition.reading.value
      : Number.NEGATIVE_INFINITY;
  return [...rooms].sort((a, b) => {
    const order =
      sort.key === 'room'
        ? a.name.localeCompare(b.name)
        : numeric(conditions.get(a.spaceId)) - numeric(conditions.get(b.spaceId));
    return sort.desc ? -order : order;
  });
}

/**
 * A floor's rooms now, for one measure: the floor's current values (one platform call), each
 * room's verdict by its own bands, and the rows' order, kept while the values refresh.
 */
export function useFloorConditions({
  buildingId,
  floorId,
  rooms,
  timeZone,
  measure,
}: {
  buildingId: string;
  floorId: string | undefined;
  rooms: readonly FloorRoom[];
  timeZone: string | null | undefined;
  measure: string | null;
}) {
  const { capabilities, rooms: judging, schedule } = useComfort(timeZone, buildingId);
  const feature = capabilities.data?.currentValues;
  const values = useQuery({
    ...currentValuesQueryOptions('Floors', floorId ?? ''),
    enabled: floorId !== undefined && feature?.available !== false,
  });
  const [sort, setSort] = useState<FloorSort>({ key: 'value', desc: true });
  const roomIds = useMemo(() => rooms.map((room) => room.spaceId), [rooms]);
  const kinds = useMemo(() => measuredKinds(values.data ?? [], roomIds), [values.data, roomIds]);
  const chosen = measure && kinds.includes(measure) ? measure : kinds[0];
  const now = values.dataUpdatedAt;
  const conditions = useMemo(
    () =>
      judging
        ? roomConditions(values.data ?? [], roomIds, chosen ?? '', now, judging.bandsOf, schedule)
        : new Map<string, RoomCondition>(),
    [values.data, roomIds, chosen, now, judging, schedule],
  );

  const fresh = useMemo(() => orderRooms(rooms, conditions, sort), [rooms, conditions, sort]);
  // The rows keep the order they were drawn in while the values refresh (every minute): a row
  // moving under a finger aimed at another opens the wrong room. A new sort, measure or list of
  // rooms orders them again from the latest values; so does "Sort again".
  const orderKey = `${chosen ?? ''}\u0000${sort.key}\u0000${sort.desc}\u0000${roomIds.join(',')}`;
  const [kept, setKept] = useState<{ key: string; ids: readonly string[] }>();
  const keep = () => setKept({ key: orderKey, ids: fresh.map((room) => room.spaceId) });
  if (values.data && judging && kept?.key !== orderKey) keep();
  const sorted = useMemo(() => {
    if (kept?.key !== orderKey) return fresh;
    const byId = new Map(rooms.map((room) => [room.spaceId, room]));
    return kept.ids.map((id) => byId.get(id)!);
  }, [kept, orderKey, fresh, rooms]);
  const newerOrder = sorted.some((room, index) => room !== fresh[index]);
  const sortBy = (key: FloorSortKey) =>
    setSort((current) => ({
      key,
      desc: current.key === key ? !current.desc : key === 'value',
    }));

  return {
    capabilities,
    feature,
    values,
    judging,
    schedule,
    roomIds,
    kinds,
    chosen,
    now,
    conditions,
    sort,
    sortBy,
    sorted,
    newerOrder,
    sortAgain: keep,
  };
}

/** The floor's summary: how many rooms are out of band, and whether it is outside comfort hours. */
export function floorVerdicts(
  rooms: readonly FloorRoom[],
  conditions: ReadonlyMap<string, RoomCondition>,
) {
  const outOfBand = rooms.filter((room) => conditions.get(room.spaceId)?.outOfBand).length;
  const judgedRooms = rooms.filter((room) => {
    const condition = conditions.get(room.spaceId);
    // A room with no band for the measure (a store room) is not judged at any hour.
    return (
      condition &&
      !condition.outsideHours &&
      condition.verdict &&
      condition.verdict.status !== 'no-band'
    );
  }).length;
  const outsideHours =
    outOfBand === 0 &&
    judgedRooms === 0 &&
    rooms.some((room) => conditions.get(room.spaceId)?.outsideHours);
  return { outOfBand, outsideHours };
}
