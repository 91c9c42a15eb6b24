import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { IndexTables } from '../core/tables.ts';
import type { SameName } from '../../../src/shared/rules/same-names.ts';

/** Search over the served run's places: words, tiers, pages and the same names told apart. */

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
  const texts = await queryTexts(db, words.join(' ').replace(/\\/g, ' '));
  if (!texts) return { total: 0, more: false, hits: [] };
  const { tiers, anyMatch } = searchTiers(texts);
  const places = { db, runId };
  // Tier by tier until the page is full; `before` counts the places of the tiers passed.
  const rows: PlaceRow[] = [];
  let before = 0;
  let total: number | undefined;
  for (const [index, tier] of tiers.entries()) {
    const offset = Math.max(0, page.offset - before);
    const part = await readTier(places, tier, offset, page.limit - rows.length);
    rows.push(...part.rows);
    if (rows.length < page.limit) {
      // The tier ended on this page, or before it: its rows, or a count up to the page, say where.
      before +=
        part.size ??
        (part.rows.length > 0
          ? offset + part.rows.length
          : await countMatches(places, tier.condition, offset));
      continue;
    }
    // A full page: what lies beyond it is counted only while the total is in bounds.
    const tierSize = part.size ?? (await countMatches(places, tier.condition, countLimit + 1));
    total =
      before + tierSize > countLimit || index === tiers.length - 1
        ? before + tierSize
        : await countMatches(places, anyMatch, countLimit + 1);
    break;
  }
  total ??= before;
  const same = await sameNamesOf(db, runId, rows);
  return {
    total: Math.min(total, countLimit),
    more: total > countLimit,
    hits: rows.map((row) => placeHit(row, same)),
  };
}

/**
 * The query's words as PostgreSQL's parser splits names (so "2.09" stays one word), each as a
 * prefix ("harb" finds "harbour"), and as whole words for ranking; undefined when nothing is
 * left to search for. Worked out once, so the ranking compares each row with constants (a
 * function call per row and word cost most of a query's time at 336,000 rooms).
 */
async function queryTexts(db: Kysely<IndexTables>, phrase: string) {
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
  const { prefix, exact, normalized } = queries.rows[0]!;
  return prefix ? { prefix, exact, normalized } : undefined;
}

interface Tier {
  condition: RawBuilder<boolean>;
  order: RawBuilder<unknown>;
  /** Its size read with its page (the ranking holds every row of the tier anyway). */
  sized: boolean;
}

/** The three tiers of searchPlaces, and what any match holds (for the total). */
function searchTiers(texts: { prefix: string; exact: string; normalized: string }) {
  const prefix = sql`${texts.prefix}::tsquery`;
  const exact = sql`${texts.exact}::tsquery`;
  const ownNameHolds = sql<boolean>`own_words @@ ${prefix}`;
  // The building and level the query names in full ("Skyline Tower" in "Skyline Tower 0.02"):
  // their places come before those of a building whose name only contains the words.
  const named = (column: 'building_text' | 'level_text') =>
    sql<number>`(${sql.ref(column)} <> '' and position(' ' || ${sql.ref(column)} || ' ' in ${` ${texts.normalized} `}) > 0)::int`;
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
  return { tiers, anyMatch: sql<boolean>`words @@ ${prefix}` };
}

type Places = { db: Kysely<IndexTables>; runId: number };

/**
 * A tier's page: ranked by row addresses alone, then only its rows read whole (a word found in
 * 25,000 names otherwise carried every one's names through the sort).
 */
async function readTier({ db, runId }: Places, tier: Tier, offset: number, limit: number) {
  const { rows } = await sql<PlaceRow & { tier_size: string }>`select kind, id, name, building_id,
      building_name, level_id, level_position, level_name, page.tier_size
    from (select ctid as place, ${tier.sized ? sql`count(*) over ()` : sql`null`} as tier_size
          from indexed_place
          where run_id = ${runId} and ${tier.condition}
          order by ${tier.order} offset ${offset} limit ${limit}) as page
    join indexed_place on indexed_place.ctid = page.place
    order by ${tier.order}`.execute(db);
  return { rows, size: tier.sized && rows[0] ? Number(rows[0].tier_size) : undefined };
}

/** Places of `condition`, counted up to `bound` (past it the answer only says "more"). */
async function countMatches({ db, runId }: Places, condition: RawBuilder<boolean>, bound: number) {
  const { rows } = await sql<{ count: string }>`select count(*) as count from (select 1
      from indexed_place where run_id = ${runId} and ${condition} limit ${bound}) as matches`.execute(
    db,
  );
  return Number(rows[0]!.count);
}

function placeHit(row: PlaceRow, same: Awaited<ReturnType<typeof sameNamesOf>>): PlaceHit {
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
