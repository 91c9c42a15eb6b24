import { sql, type Kysely } from 'kysely';
import type { IndexTables } from '../core/tables.ts';

/**
 * The reads access scopes need of the index. Each runs inside a served read (core/served.ts): for
 * a scoped person as the reader role, so the database answers only rows of their scope; these
 * queries filter nothing by scope themselves.
 */

/** The kinds of id the BFF's routes take, and where the index keeps each. */
export const placeKinds = ['building', 'floor', 'space', 'device'] as const;
export type PlaceKind = (typeof placeKinds)[number];

/**
 * Whether the served index holds a place of this kind and id that the reader may see. An unknown
 * id and one outside the scope run the same query and answer the same: false.
 */
export async function holdsPlace(
  db: Kysely<IndexTables>,
  runId: number,
  kind: PlaceKind,
  id: string,
): Promise<boolean> {
  const row =
    kind === 'building'
      ? await db
          .selectFrom('indexed_building')
          .select('id')
          .where('run_id', '=', runId)
          .where('id', '=', id)
          .executeTakeFirst()
      : kind === 'floor' || kind === 'space'
        ? await db
            .selectFrom(kind === 'floor' ? 'indexed_level' : 'indexed_room')
            .select('building_id')
            .where('run_id', '=', runId)
            .where('id', '=', id)
            .limit(1)
            .executeTakeFirst()
        : await db
            .selectFrom('known_device')
            .select('building_id')
            .where('device_id', '=', id)
            .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the buildings of this name the reader may see (names repeat across organisations). */
export async function buildingsNamed(
  db: Kysely<IndexTables>,
  runId: number,
  name: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('indexed_building')
    .select('id')
    .where('run_id', '=', runId)
    .where('name', '=', name)
    .limit(50)
    .execute();
  return rows.map((row) => row.id);
}

export interface Listing {
  /**
   * The page of the platform's records as the sync read them, as JSON text the database wrote:
   * a thousand records go to the browser as they are, never parsed and written again here
   * (which cost a scoped person's first page twice the relayed one's time).
   */
  json: string;
  /** Every record of the listing the reader may see (x-total-count). */
  total: number;
}

/** Sites as the platform lists them, paged like the platform (take, skip). */
export async function siteListing(
  db: Kysely<IndexTables>,
  runId: number,
  page: { skip: number; take: number },
): Promise<Listing> {
  const [items, count] = await Promise.all([
    sql<{ json: string }>`
      select coalesce(json_agg(record order by id), '[]')::text as json
      from (select id, coalesce(record, jsonb_build_object('id', id, 'name', name,
              'organizationId', organization_id, 'timezone', timezone)) as record
            from indexed_site where run_id = ${runId}
            order by id offset ${page.skip} limit ${page.take}) as page`.execute(db),
    db
      .selectFrom('indexed_site')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow(),
  ]);
  return { json: items.rows[0]!.json, total: Number(count.total) };
}

/** Buildings as the platform lists them, of one site or all, paged like the platform. */
export async function buildingListing(
  db: Kysely<IndexTables>,
  runId: number,
  page: { skip: number; take: number; siteId?: string | undefined },
): Promise<Listing> {
  const site = page.siteId === undefined ? sql`true` : sql`site_id = ${page.siteId}`;
  const [items, count] = await Promise.all([
    sql<{ json: string }>`
      select coalesce(json_agg(record order by id), '[]')::text as json
      from (select id, coalesce(record, jsonb_build_object('id', id, 'name', name, 'referenceId', reference_id,
              'siteId', site_id, 'organizationId', organization_id, 'organizationName', organization_name,
              'area', area, 'floorCount', floor_count, 'spaceCount', space_count, 'deviceCount', device_count,
              'measurementCount', measurement_count, 'includesDeviceAndMeasurementCounts', counts_included)) as record
            from indexed_building where run_id = ${runId} and ${site}
            order by id offset ${page.skip} limit ${page.take}) as page`.execute(db),
    sql<{ total: string }>`
      select count(*) as total from indexed_building where run_id = ${runId} and ${site}`.execute(
      db,
    ),
  ]);
  return { json: items.rows[0]!.json, total: Number(count.rows[0]?.total ?? 0) };
}

/** How many organisations, sites and buildings the reader sees. */
export async function scopeCounts(db: Kysely<IndexTables>, runId: number) {
  const { rows } = await sql<
    Record<'organizations' | 'sites' | 'buildings' | 'levels' | 'rooms', string>
  >`
    select (select count(*) from indexed_organization where run_id = ${runId}) as organizations,
      (select count(*) from indexed_site where run_id = ${runId}) as sites,
      (select count(*) from indexed_building where run_id = ${runId}) as buildings,
      (select count(*) from indexed_level where run_id = ${runId}) as levels,
      (select count(*) from indexed_room where run_id = ${runId}) as rooms`.execute(db);
  const row = rows[0]!;
  return {
    organizations: Number(row.organizations),
    sites: Number(row.sites),
    buildings: Number(row.buildings),
    levels: Number(row.levels),
    rooms: Number(row.rooms),
  };
}

/** The names of organisations, sites and buildings by id, as far as the reader sees them. */
export async function namesOf(
  db: Kysely<IndexTables>,
  runId: number,
  ids: { organizations: readonly string[]; sites: readonly string[]; buildings: readonly string[] },
) {
  const named = async (
    table: 'indexed_organization' | 'indexed_site' | 'indexed_building',
    list: readonly string[],
  ) =>
    list.length === 0
      ? new Map<string, string | null>()
      : new Map(
          (
            await db
              .selectFrom(table)
              .select(['id', 'name'])
              .where('run_id', '=', runId)
              .where('id', 'in', [...list])
              .execute()
          ).map((row) => [row.id, row.name] as const),
        );
  const [organizations, sites, buildings] = await Promise.all([
    named('indexed_organization', ids.organizations),
    named('indexed_site', ids.sites),
    named('indexed_building', ids.buildings),
  ]);
  return { organizations, sites, buildings };
}

/** A site as a place a silence may cover: its id, name and organisation. */
export async function sitePlace(db: Kysely<IndexTables>, runId: number, id: string) {
  return db
    .selectFrom('indexed_site')
    .select(['id', 'name', 'organization_id'])
    .where('run_id', '=', runId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One building's place in the hierarchy (for "who can see this building"); undefined if unknown. */
export async function buildingPlace(db: Kysely<IndexTables>, runId: number, id: string) {
  return db
    .selectFrom('indexed_building')
    .select(['id', 'name', 'site_id', 'organization_id'])
    .where('run_id', '=', runId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Many buildings' places at once (who is told about each one's alarms); unknown ids left out. */
export async function buildingPlaces(
  db: Kysely<IndexTables>,
  runId: number,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('indexed_building')
    .select(['id', 'name', 'site_id', 'organization_id'])
    .where('run_id', '=', runId)
    .where('id', '=', sql<string>`any(${[...ids]}::text[])`)
    .execute();
}
