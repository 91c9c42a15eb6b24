import { noGroupKey } from '../../../src/shared/labels.ts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { IndexTables } from '../core/tables.ts';
import type { SameName } from '../../../src/shared/rules/same-names.ts';

/** Matches are counted up to this; past it the answer says "more" (pages still reach them). */
export const countLimit = 1_000;

export interface PlaceHit {
  kind: 'building' | 'level' | 'room';
  id: string | null;
  name: string | null;
  buildingId: string;
  buildingName: string | null;
  levelId: string | null;
  levelPosition: number | null;
  levelName: string | null;
  /** A building's reference (what tells same-named buildings apart first); null otherwise. */
  referenceId: string | null;
  /**
   * How many of this name there are where a person would mistake one for another (buildings in
   * the portfolio, rooms on their level) and its place among them by id: the floor page's
   * "Meeting room (1 of 2)". Null for levels.
   */
  sameName: SameName | null;
}

/** A place's row as search reads it. */
type PlaceRow = Pick<
  IndexTables['indexed_place'],
  | 'kind'
  | 'id'
  | 'name'
  | 'building_id'
  | 'building_name'
  | 'level_id'
  | 'level_position'
  | 'level_name'
>;

/** A query's words: at most eight, each with a letter or digit. */
export function queryWords(query: string): string[] {
  return query
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, 8);
}

/**
 * Buildings, levels and rooms whose names together hold every word of the query, each word as
 * a word or the start of one ("Skyline Tower 2.09": room 2.09 in Skyline Tower), found and ranked
 * with PostgreSQL's full-text search, in three tiers:
 * 1. places whose own name holds every word whole ("Skyline Tower", "Kitchen 2.09");
 * 2. places whose own name holds every word, some only as the start of a word ("Kitchen 2.091");
 *    within both, buildings, levels, rooms, shorter names first;
 * 3. places found through their level's or building's name too: whole words first, then places in
 *    the building and on the level the query names in full, then by ts_rank with the place's own
 *    name weighted above its level's and its building's, then as in the first tiers.
 * A page is read tier by tier, so the first page of a query that names a building ("Skyline
 * Tower") reads its buildings, not the 42,000 rooms that carry its name, through an index of own
 * names alone.
 */
export async function searchPlaces(
  db: Kysely<IndexTables>,
  runId: number,
  query: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; more: boolean; hits: PlaceHit[] }> {
  const words = queryWords(query);
  if (words.length === 0) return { total: 0, more: false, hits: [] };
  const phrase = words.join(' ').replace(/\\/g, ' ');
  // The query's words as PostgreSQL's parser splits names (so "2.09" stays one word), each as a
  // prefix ("harb" finds "harbour"), and as whole words for ranking.
  // Worked out once here, so the ranking below compares each row with constants (a function call
  // per row and word cost most of a query's time at 336,000 rooms).
  // A query of one-character words alone ("r", "1") matches them whole: as prefixes they found,
  // and sorted, a good part of the portfolio for nothing (third security review, H1). Beside a
  // longer word ("room 2") they stay prefixes, since that word narrows what they start.
  const queries = await sql<{ prefix: string | null; exact: string; normalized: string }>`
    select (select to_tsquery('simple', string_agg(quote_literal(lexeme)
                || case when longest >= 2 then ':*' else '' end, ' & '))
              from (select lexeme, max(length(lexeme)) over () as longest
                    from ts_debug('simple', storey_search_text(${phrase})), unnest(lexemes) as lexeme) as found
           )::text as prefix,
           plainto_tsquery('simple', storey_search_text(${phrase}))::text as exact,
           storey_search_text(${phrase}) as normalized`.execute(db);
  const { prefix: prefixText, exact: exactText, normalized } = queries.rows[0]!;
  if (!prefixText) return { total: 0, more: false, hits: [] };
  const prefix = sql`${prefixText}::tsquery`;
  const exact = sql`${exactText}::tsquery`;
  const ownNameHolds = sql<boolean>`own_words @@ ${prefix}`;
  // The building and level the query names in full ("Skyline Tower" in "Skyline Tower 0.02"):
  // their places come before those of a building whose name only contains the words.
  const named = (column: 'building_text' | 'level_text') =>
    sql<number>`(${sql.ref(column)} <> '' and position(' ' || ${sql.ref(column)} || ' ' in ${` ${normalized} `}) > 0)::int`;
  // Buildings, levels, rooms, shorter names first, then a total order, so pages neither repeat
  // nor skip places of the same name.
  const lastOrder = [
    sql`case kind when 'building' then 0 when 'level' then 1 else 2 end`,
    sql`length(coalesce(name, ''))`,
    sql`name`,
    sql`building_id`,
    sql`level_position`,
    sql`id`,
    sql`indexed_place.ctid`,
  ];
  const ownNameWhole = sql<boolean>`own_words @@ ${exact}`;
  interface Tier {
    condition: RawBuilder<boolean>;
    order: RawBuilder<unknown>;
    /** Its size read with its page (the ranking holds every row of the tier anyway). */
    sized: boolean;
  }
  const tiers: Tier[] = [
    // The own name holds every word whole, then only as the start of a word ("2.09" before
    // "2.091"): two tiers rather than a sort key, which cost 7 ms over 25,000 names.
    { condition: ownNameWhole, order: sql.join(lastOrder), sized: false },
    {
      condition: sql<boolean>`${ownNameHolds} and not (${ownNameWhole})`,
      order: sql.join(lastOrder),
      sized: false,
    },
    {
      condition: sql<boolean>`words @@ ${prefix} and not (${ownNameHolds})`,
      order: sql.join([
        sql`words @@ ${exact} desc`,
        sql`${named('building_text')} + ${named('level_text')} desc`,
        // Normalised by length (1): a place with fewer other words in its path first.
        sql`ts_rank(words, ${exact}, 1) desc`,
        ...lastOrder,
      ]),
      sized: true,
    },
  ];
  // A tier's page: ranked by row addresses alone, then only its rows read whole (a word found in
  // 25,000 names otherwise carried every one's names through the sort).
  const readTier = async (tier: Tier, offset: number, limit: number) => {
    const { rows } = await sql<PlaceRow & { tier_size: string }>`select kind, id, name, building_id,
        building_name, level_id, level_position, level_name, page.tier_size
      from (select ctid as place, ${tier.sized ? sql`count(*) over ()` : sql`null`} as tier_size
            from indexed_place
            where run_id = ${runId} and ${tier.condition}
            order by ${tier.order} offset ${offset} limit ${limit}) as page
      join indexed_place on indexed_place.ctid = page.place
      order by ${tier.order}`.execute(db);
    return { rows, size: tier.sized && rows[0] ? Number(rows[0].tier_size) : undefined };
  };
  /** Places of `condition`, counted up to `bound` (past it the answer only says "more"). */
  const countMatches = async (condition: RawBuilder<boolean>, bound: number) =>
    Number(
      (
        await sql<{ count: string }>`select count(*) as count from (select 1 from indexed_place
          where run_id = ${runId} and ${condition} limit ${bound}) as matches`.execute(db)
      ).rows[0]!.count,
    );
  // Tier by tier until the page is full; `before` counts the places of the tiers passed.
  const rows: PlaceRow[] = [];
  let before = 0;
  let total: number | undefined;
  for (const [index, tier] of tiers.entries()) {
    const offset = Math.max(0, page.offset - before);
    const part = await readTier(tier, offset, page.limit - rows.length);
    rows.push(...part.rows);
    if (rows.length < page.limit) {
      // The tier ended on this page, or before it: its rows, or a count up to the page, say where.
      before +=
        part.size ??
        (part.rows.length > 0
          ? offset + part.rows.length
          : await countMatches(tier.condition, offset));
      continue;
    }
    // A full page: what lies beyond it is counted only while the total is in bounds.
    const tierSize = part.size ?? (await countMatches(tier.condition, countLimit + 1));
    total =
      before + tierSize > countLimit || index === tiers.length - 1
        ? before + tierSize
        : await countMatches(sql<boolean>`words @@ ${prefix}`, countLimit + 1);
    break;
  }
  total ??= before;
  const same = await sameNamesOf(db, runId, rows);
  return {
    total: Math.min(total, countLimit),
    more: total > countLimit,
    hits: rows.map((row) => {
      const building = row.kind === 'building' ? same.buildings.get(row.building_id) : undefined;
      return {
        kind: row.kind,
        id: row.id,
        name: row.name,
        buildingId: row.building_id,
        buildingName: row.building_name,
        levelId: row.level_id,
        levelPosition: row.level_position,
        levelName: row.level_name,
        referenceId: building?.referenceId ?? null,
        sameName:
          row.kind === 'building'
            ? (building?.sameName ?? null)
            : row.kind === 'room' && row.id !== null
              ? (same.rooms.get(`${row.building_id} ${row.id}`) ?? null)
              : null,
      };
    }),
  };
}

/**
 * The page's buildings and rooms among the others of their name (same-names.ts): buildings in
 * the portfolio as the reader sees it, rooms on their own level, numbered by id as every screen
 * numbers them. Two small reads over the page's names, through the buildings' indexes.
 */
async function sameNamesOf(db: Kysely<IndexTables>, runId: number, rows: readonly PlaceRow[]) {
  const buildingNames = [
    ...new Set(rows.filter((row) => row.kind === 'building').map((row) => row.name ?? '')),
  ];
  const rooms = rows.filter((row) => row.kind === 'room' && row.id !== null);
  // One after the other: a reader's transaction is one connection.
  const buildingRows =
    buildingNames.length === 0
      ? []
      : (
          await sql<{ id: string; reference_id: string | null; count: string; position: string }>`
          select id, reference_id, count(*) over named as count,
            row_number() over (named order by id) as position
          from indexed_building
          where run_id = ${runId}
            and coalesce(name, '') = any(${buildingNames}::text[])
          window named as (partition by coalesce(name, ''))`.execute(db)
        ).rows;
  const roomRows =
    rooms.length === 0
      ? []
      : (
          await sql<{ building_id: string; id: string; count: string; position: string }>`
          select building_id, id, count(*) over named as count,
            row_number() over (named order by id) as position
          from indexed_room
          where run_id = ${runId}
            and building_id = any(${[...new Set(rooms.map((row) => row.building_id))]}::text[])
            and id is not null
            and (building_id, level_position, coalesce(name, '')) in (
              select * from unnest(${rooms.map((row) => row.building_id)}::text[],
                ${rooms.map((row) => row.level_position ?? -1)}::integer[],
                ${rooms.map((row) => row.name ?? '')}::text[]))
          window named as (partition by building_id, level_position, coalesce(name, ''))`.execute(
            db,
          )
        ).rows;
  const sameName = (row: { count: string; position: string }): SameName => ({
    count: Number(row.count),
    position: Number(row.position),
  });
  return {
    buildings: new Map(
      buildingRows.map((row) => [
        row.id,
        { referenceId: row.reference_id, sameName: sameName(row) },
      ]),
    ),
    rooms: new Map(roomRows.map((row) => [`${row.building_id} ${row.id}`, sameName(row)])),
  };
}

export interface TotalsRow {
  id: string;
  name: string | null;
  /** A site's organization (by id, with its name where the platform gave one); null for an organization. */
  organization: { id: string; name: string | null } | null;
  buildings: number;
  area: number;
  floors: number;
  spaces: number;
  devices: number;
  measurements: number;
  /** Buildings whose device and measurement counts the platform did not include. */
  countsMissing: number;
  /** Buildings whose area, floor count or space count is unknown: left out of that sum. */
  areaMissing: number;
  floorsMissing: number;
  spacesMissing: number;
  /** Shares of the portfolio's totals, 0–1 (null when the total is 0). */
  share: {
    buildings: number | null;
    area: number | null;
    floors: number | null;
    spaces: number | null;
    devices: number | null;
    measurements: number | null;
  };
}

export const totalsGroups = ['site', 'organization'] as const;
export type TotalsGroup = (typeof totalsGroups)[number];

/**
 * Area, floors, spaces, devices and measurements by site or organization, every one of them (not
 * a top ten), with each one's share of the portfolio and the portfolio's total row. Sites and
 * organizations without buildings are rows of zeros.
 */
export async function portfolioTotals(
  db: Kysely<IndexTables>,
  runId: number,
  by: TotalsGroup,
): Promise<{
  rows: TotalsRow[];
  total: Omit<TotalsRow, 'id' | 'name' | 'organization' | 'share'>;
}> {
  // A site's organization is its own record's, else its buildings' (a site the platform did not
  // list is known only through them). Buildings the platform placed on no site (or in no
  // organisation) are one group of their own, keyed as the dashboard keys it (noGroupKey).
  const key =
    by === 'site'
      ? sql`coalesce(b.site_id, ${sql.lit(noGroupKey)})`
      : sql`coalesce(b.organization_id, ${sql.lit(noGroupKey)})`;
  const groups =
    by === 'site'
      ? sql`select id, name, organization_id from indexed_site where run_id = ${runId}
            union select ${key}, null, min(organization_id) from indexed_building b where run_id = ${runId}
              and not exists (select 1 from indexed_site s where s.run_id = b.run_id and s.id = b.site_id)
              group by ${key}`
      : sql`select id, name, null::text as organization_id from indexed_organization where run_id = ${runId}
            union select ${sql.lit(noGroupKey)}, null, null from indexed_building b
              where run_id = ${runId} and organization_id is null group by 1`;
  const { rows } = await sql<{
    id: string;
    name: string | null;
    organization_id: string | null;
    organization_name: string | null;
    buildings: string;
    area: number;
    floors: string;
    spaces: string;
    devices: string;
    measurements: string;
    counts_missing: string;
    area_missing: string;
    floors_missing: string;
    spaces_missing: string;
  }>`
    select g.id, g.name, g.organization_id, o.name as organization_name,
      count(b.id) as buildings,
      -- Summed exactly and rounded to the mm²: the same buildings read the same area whatever
      -- order the database adds them in (a scoped plan adds them in another).
      coalesce(round(sum(b.area::numeric), 3), 0)::float8 as area,
      coalesce(sum(b.floor_count), 0) as floors,
      coalesce(sum(b.space_count), 0) as spaces,
      coalesce(sum(b.device_count) filter (where b.counts_included), 0) as devices,
      coalesce(sum(b.measurement_count) filter (where b.counts_included), 0) as measurements,
      count(b.id) filter (where not coalesce(b.counts_included, false)) as counts_missing,
      count(b.id) filter (where b.area is null) as area_missing,
      count(b.id) filter (where b.floor_count is null) as floors_missing,
      count(b.id) filter (where b.space_count is null) as spaces_missing
    from (${groups}) g
    left join indexed_organization o on o.run_id = ${runId} and o.id = g.organization_id
    left join indexed_building b on b.run_id = ${runId} and ${key} = g.id
    group by g.id, g.name, g.organization_id, o.name
    order by area desc, g.name, g.id`.execute(db);
  const numbers = rows.map((row) => ({
    id: row.id,
    name: row.name,
    organization:
      row.organization_id === null
        ? null
        : { id: row.organization_id, name: row.organization_name },
    buildings: Number(row.buildings),
    area: Number(row.area),
    floors: Number(row.floors),
    spaces: Number(row.spaces),
    devices: Number(row.devices),
    measurements: Number(row.measurements),
    countsMissing: Number(row.counts_missing),
    areaMissing: Number(row.area_missing),
    floorsMissing: Number(row.floors_missing),
    spacesMissing: Number(row.spaces_missing),
  }));
  const sum = (pick: (row: (typeof numbers)[number]) => number) =>
    Math.round(numbers.reduce((total, row) => total + pick(row), 0) * 1000) / 1000;
  const total = {
    buildings: sum((row) => row.buildings),
    area: sum((row) => row.area),
    floors: sum((row) => row.floors),
    spaces: sum((row) => row.spaces),
    devices: sum((row) => row.devices),
    measurements: sum((row) => row.measurements),
    countsMissing: sum((row) => row.countsMissing),
    areaMissing: sum((row) => row.areaMissing),
    floorsMissing: sum((row) => row.floorsMissing),
    spacesMissing: sum((row) => row.spacesMissing),
  };
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return {
    total,
    rows: numbers.map((row) => ({
      ...row,
      share: {
        buildings: share(row.buildings, total.buildings),
        area: share(row.area, total.area),
        floors: share(row.floors, total.floors),
        spaces: share(row.spaces, total.spaces),
        devices: share(row.devices, total.devices),
        measurements: share(row.measurements, total.measurements),
      },
    })),
  };
}

/**
 * One building as the platform listed it at the served sync, with its site's name and clock: what
 * a shared link to a building, floor or room needs first, without the whole listing (10 pages at
 * 10,000 buildings). Null when the building is not in the served index (or the reader's part).
 */
export async function buildingWithSite(
  db: Kysely<IndexTables>,
  runId: number,
  buildingId: string,
): Promise<{
  record: unknown;
  site: { id: string; name: string | null; timezone: string | null } | null;
} | null> {
  const row = await db
    .selectFrom('indexed_building as building')
    .leftJoin('indexed_site as site', (join) =>
      join.onRef('site.run_id', '=', 'building.run_id').onRef('site.id', '=', 'building.site_id'),
    )
    .select([
      'building.record',
      'site.id as site_id',
      'site.name as site_name',
      'site.timezone as site_timezone',
    ])
    .where('building.run_id', '=', runId)
    .where('building.id', '=', buildingId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    record: row.record,
    site: row.site_id
      ? { id: row.site_id, name: row.site_name, timezone: row.site_timezone }
      : null,
  };
}
