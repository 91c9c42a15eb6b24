/**
 * Platforms other than the emulator's own, for every test layer (docs/emulator.md). A real platform
 * differs from ours: the interface specification requires no field but the ids and shows no Site
 * or Floor fields at all. `EMULATOR_VARIANT` picks one:
 *
 * - `full` (default): everything the field notes describe.
 * - `lean`: only what the specification shows. The spec's GraphQL alone, no devices, current
 *   values or history; Sites `{id, name}`, Floors `{id, name}`, no time zones or retention;
 *   buildings' optional fields `null` or absent; and unknown fields on every record.
 * - `hostile`: shapes that are valid JSON but not what Storey's own platform sends: numbers as
 *   strings, empty strings, ids given twice, very long names and ids, NULs and control
 *   characters, records without an id, areas of 1.5e308 or below zero, an `x-total-count` of
 *   10^12, current values listed twice.
 *
 * Each variant reshapes answers as they leave (a pure function of the answer, the same in the
 * emulator's HTTP server and in the component tests' handlers), so the generated portfolio, and
 * every lookup by id, stays what it is.
 */

export const platformVariants = ['full', 'lean', 'hostile'] as const;
export type PlatformVariant = (typeof platformVariants)[number];

/** The REST lists a variant reshapes, by path (case-insensitive, as the platform routes). */
export type ListKind = 'sites' | 'buildings' | 'floors' | 'spaces' | 'current-values' | 'devices';

export function listKindOf(path: string): ListKind | undefined {
  const lower = path.toLowerCase().split('?')[0] ?? '';
  if (lower === '/api/sites') return 'sites';
  if (lower === '/api/buildings') return 'buildings';
  if (/^\/api\/buildings\/[^/]+\/floors$/.test(lower)) return 'floors';
  if (/^\/api\/(floors|buildings)\/[^/]+\/spaces$/.test(lower)) return 'spaces';
  if (/^\/api\/(buildings|floors|spaces|devices)\/[^/]+\/measurementvalues$/.test(lower))
    return 'current-values';
  if (/^\/api\/(buildings|floors|spaces)\/[^/]+\/devices$/.test(lower)) return 'devices';
  return undefined;
}

type Json = Record<string, unknown>;

/** What every lean record carries beside its fields: a platform's own extensions. */
const unknownFields = { etag: 'W/"lean"', vendorExtensions: { source: 'lean-platform', rev: 3 } };

const pick = (record: Json, keys: readonly string[]): Json =>
  Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));

/** The lean platform's records: what the spec shows, optional fields null or left out. */
function leanRecord(kind: ListKind, record: Json, index: number): Json {
  switch (kind) {
    case 'sites':
    case 'floors':
      return { ...pick(record, ['id', 'name']), ...unknownFields };
    case 'buildings': {
      const lean: Json = {
        ...pick(record, ['id', 'name', 'siteId', 'organizationId', 'floorCount', 'spaceCount']),
        referenceId: null,
        ...unknownFields,
      };
      // A third give no area at all, a third give null; counts of devices are never included.
      if (index % 3 === 1) lean.area = null;
      else if (index % 3 === 2) lean.area = record.area;
      return lean;
    }
    default:
      return { ...record, ...unknownFields };
  }
}

/** Text of a thousand characters and more, as a careless import writes it. */
const longText = (start: string) => `${start} ${'very long name '.repeat(400)}`.trim();
/** An id far longer than any key should be (3,000 characters). */
const longId = `id-${'0123456789'.repeat(300)}`;

/**
 * The hostile platform's records: the same list with some records changed and a few added. What
 * is added or broken is fixed by position, so tests know exactly what a reader must skip
 * (`hostileSkips`).
 */
function hostileList(kind: ListKind, records: Json[], skip: number): Json[] {
  // Only the first page of a list is made hostile: later pages stay as they are, so a reader
  // that pages on sees the same records once.
  if (skip > 0 || records.length === 0) return records;
  const list = records.map((record) => ({ ...record }));
  const first = list[0]!;
  switch (kind) {
    case 'sites': {
      first.name = `Site\u0000 with a NUL and \u001b[31mcontrol\u001b[0m characters`;
      first.buildingCount = String(first.buildingCount);
      first.timezone = 'Mars/Olympus_Mons';
      first.timeSeriesRetentionSpan = 'forever';
      list.push({ name: 'A site without an id' });
      list.push({ ...list[list.length > 2 ? 1 : 0]!, name: 'The same site again' });
      list.push({ id: longId, name: 'A site whose id is 3,000 characters' });
      return list;
    }
    case 'buildings': {
      if (list[9]) list[9].name = `Tower\u0000A\tNorth`;
      if (list[1]) list[1].area = '1200';
      if (list[2]) list[2].area = 1.5e308;
      if (list[3]) list[3].area = 1.5e308;
      if (list[4]) list[4].area = -250;
      if (list[5]) list[5].name = '';
      if (list[6]) list[6].floorCount = '7';
      if (list[7]) list[7].name = longText('Hall');
      if (list[8]) list[8].referenceId = 42;
      list.push({ name: 'A building without an id', siteId: first.siteId });
      // Given twice: the second stands (the later page of a list that changed meanwhile).
      const twice = list[Math.min(10, list.length - 1)]!;
      list.push({ ...twice, name: `${String(twice.name)} (listed again)` });
      list.push({ ...first, id: longId, name: 'A building whose id is 3,000 characters' });
      list.push('not a record' as unknown as Json);
      return list;
    }
    case 'floors': {
      first.name = null;
      first.area = -5;
      list.push({ ...first });
      list.push({ name: 'A floor without an id' });
      return list;
    }
    case 'spaces': {
      first.name = `Room\u0000 12`;
      first.area = 'large';
      list.push({ ...first });
      return list;
    }
    case 'current-values': {
      // One measurement listed twice (paging over a list that changed), one without a time.
      list.push({ ...first });
      list.push({ ...first, id: `${String(first.id)}-late`, timestamp: 'yesterday' });
      list.push({ ...first, id: undefined });
      return list;
    }
    case 'devices': {
      first.name = `Sensor\u0000`;
      list.push({ ...first });
      return list;
    }
  }
}

/** What a reader must skip in the first page of each hostile list, by why. */
export const hostileSkips = {
  sites: { 'no-usable-id': 2, 'duplicate-id': 1 },
  buildings: { 'no-usable-id': 2, 'duplicate-id': 1, 'not-a-record': 1 },
  floors: { 'no-usable-id': 1, 'duplicate-id': 1 },
} as const;

/** The `x-total-count` a hostile platform sends on every list: 10^12. */
export const hostileTotalCount = '1000000000000';

/**
 * A REST list's page as the variant sends it: its records, and the `x-total-count` to send
 * (`undefined`: the one the emulator would send).
 */
export function reshapeList(
  variant: PlatformVariant,
  kind: ListKind,
  records: Json[],
  skip: number,
): { records: Json[]; totalCount?: string } {
  if (variant === 'lean')
    return { records: records.map((record, index) => leanRecord(kind, record, skip + index)) };
  if (variant === 'hostile')
    return { records: hostileList(kind, records, skip), totalCount: hostileTotalCount };
  return { records };
}

/**
 * A GraphQL answer as the variant sends it. The hostile platform's root lists of levels and rooms
 * carry a node without an id, one given twice and one with a NUL in its name, and its buildings'
 * levels a level that is not an object; the lean platform's answers are the spec's (its schema).
 */
export function reshapeGraphql(
  variant: PlatformVariant,
  body: unknown,
  variables: Record<string, unknown> = {},
): unknown {
  if (variant !== 'hostile' || typeof body !== 'object' || body === null) return body;
  // Root lists are paged with take/skip: only the first page is changed, so a reader that pages
  // on meets each broken node once.
  const firstPage = !(typeof variables.skip === 'number' && variables.skip > 0);
  const data = (body as { data?: Json | null }).data;
  if (!data) return body;
  const next: Json = { ...data };
  for (const key of ['levels', 'rooms'] as const) {
    const nodes = data[key];
    if (!firstPage || !Array.isArray(nodes) || nodes.length === 0) continue;
    const [first, ...rest] = nodes as Json[];
    next[key] = [
      { ...first, name: `${String(first!.name)}\u0000` },
      ...rest,
      { ...first },
      { ...first, id: null },
    ];
  }
  if (Array.isArray(data.buildings))
    next.buildings = (data.buildings as Json[]).map((building) =>
      Array.isArray(building.levels)
        ? { ...building, levels: [...(building.levels as unknown[]), 'not a level'] }
        : building,
    );
  return { ...(body as Json), data: next };
}
