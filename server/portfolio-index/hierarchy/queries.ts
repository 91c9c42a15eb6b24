import { noGroupKey } from '../../../src/shared/labels.ts';
import { sql, type Kysely } from 'kysely';
import type { IndexTables } from '../core/tables.ts';

/** The portfolio's totals by site or organization, and one building with its site. */

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
  const { rows } = await sql<GroupSumsRow>`
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
  return withShares(rows.map(groupNumbers));
}

interface GroupSumsRow {
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
}

/** A group's sums as numbers (PostgreSQL's counts come as text). */
function groupNumbers(row: GroupSumsRow) {
  return {
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
  };
}

/** The portfolio's total of the groups, and each group's share of it. */
function withShares(numbers: ReadonlyArray<ReturnType<typeof groupNumbers>>): {
  rows: TotalsRow[];
  total: Omit<TotalsRow, 'id' | 'name' | 'organization' | 'share'>;
} {
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
