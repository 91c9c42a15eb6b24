import { sql, type Kysely, type RawBuilder } from 'kysely';
import { rules, scoreFormula, scoreWeights, type Severity } from './catalogue.ts';
import type { IndexTables } from '../core/tables.ts';

/** Where a quality answer looks: one organization, one site, or the whole portfolio. */
export interface QualityScope {
  organization?: string | undefined;
  site?: string | undefined;
}

export interface FindingsFilter extends QualityScope {
  rule?: string | undefined;
  severity?: Severity | undefined;
  building?: string | undefined;
}

/** A room as a finding names it: its id on the platform (where it has one) and its name. */
export interface RoomRef {
  id: string | null;
  name: string | null;
}

/** The rooms a same-name finding names: of each shared name, and on its floor. */
const roomsPerName = 5;
const roomsPerFloor = 20;

/** A finding as the screens list it: with the names of its building, site and organization. */
export interface FindingRow {
  ruleId: string;
  severity: Severity;
  detail: string | null;
  buildingId: string | null;
  buildingName: string | null;
  siteId: string;
  siteName: string | null;
  organizationId: string | null;
  organizationName: string | null;
  levelPosition: number | null;
  levelName: string | null;
  levelId: string | null;
  /** The rooms sharing a name, for a same-name finding (read with its page). */
  rooms: RoomRef[] | null;
}

const severityRank = sql`case f.severity when 'error' then 0 when 'warning' then 1 else 2 end`;

/**
 * A run's findings with their places' names; a site's finding belongs to the site's organization.
 * `where` narrows by the filter (every part optional).
 */
function findingsOf(runId: number, filter: FindingsFilter): RawBuilder<FindingRow> {
  const conditions: RawBuilder<unknown>[] = [sql`f.run_id = ${runId}`];
  if (filter.rule) conditions.push(sql`f.rule_id = ${filter.rule}`);
  if (filter.severity) conditions.push(sql`f.severity = ${filter.severity}`);
  if (filter.site) conditions.push(sql`f.site_id = ${filter.site}`);
  if (filter.building) conditions.push(sql`f.building_id = ${filter.building}`);
  if (filter.organization)
    conditions.push(sql`coalesce(b.organization_id, s.organization_id) = ${filter.organization}`);
  return sql<FindingRow>`
    select f.rule_id as "ruleId", f.severity, f.detail,
      f.building_id as "buildingId", b.name as "buildingName",
      f.site_id as "siteId", s.name as "siteName",
      coalesce(b.organization_id, s.organization_id) as "organizationId",
      coalesce(b.organization_name, o.name) as "organizationName",
      f.level_position as "levelPosition", l.name as "levelName",
      l.id as "levelId",
      ${severityRank} as severity_rank
    from indexed_finding f
    left join indexed_building b on b.run_id = f.run_id and b.id = f.building_id
    left join indexed_site s on s.run_id = f.run_id and s.id = f.site_id
    left join indexed_organization o on o.run_id = f.run_id
      and o.id = coalesce(b.organization_id, s.organization_id)
    left join indexed_level l on l.run_id = f.run_id and l.building_id = f.building_id
      and l.position = f.level_position
    where ${sql.join(conditions, sql` and `)}`;
}

const buildingsIn = (runId: number, scope: QualityScope) => {
  const conditions: RawBuilder<unknown>[] = [sql`b.run_id = ${runId}`];
  if (scope.site) conditions.push(sql`b.site_id = ${scope.site}`);
  if (scope.organization) conditions.push(sql`b.organization_id = ${scope.organization}`);
  return sql.join(conditions, sql` and `);
};

/**
 * The quality page's figures for a scope: its score (the mean of its buildings'), how many of its
 * buildings had their floors and rooms checked, findings by severity, and every rule with the
 * places it finds — together with the rules and the score's formula, so the dashboard shows the
 * words the server applied.
 */
export async function qualitySummary(db: Kysely<IndexTables>, runId: number, scope: QualityScope) {
  const {
    rows: [buildings],
  } = await sql<{ buildings: string; checked: string; score: string | null }>`
    select count(*) as buildings, count(*) filter (where q.checked) as checked,
      round(avg(q.score))::int as score
    from indexed_building b
    join indexed_quality q on q.run_id = b.run_id and q.building_id = b.id
    where ${buildingsIn(runId, scope)}`.execute(db);
  const { rows: perRule } = await sql<{
    ruleId: string;
    findings: string;
    places: string;
  }>`
    select "ruleId", count(*) as findings,
      count(distinct coalesce("buildingId", 'site:' || "siteId")) as places
    from (${findingsOf(runId, scope)}) scoped
    group by "ruleId"`.execute(db);
  const counted = new Map(perRule.map((row) => [row.ruleId, row]));
  const bySeverity: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const rule of rules)
    bySeverity[rule.severity] += Number(counted.get(rule.id)?.findings ?? 0);
  return {
    formula: { text: scoreFormula, weights: scoreWeights },
    buildings: Number(buildings?.buildings ?? 0),
    checked: Number(buildings?.checked ?? 0),
    /** null: no buildings in scope. */
    score:
      buildings?.score === null || buildings?.score === undefined ? null : Number(buildings.score),
    findings: bySeverity,
    rules: rules.map((rule) => ({
      ...rule,
      findings: Number(counted.get(rule.id)?.findings ?? 0),
      places: Number(counted.get(rule.id)?.places ?? 0),
    })),
  };
}

/** How a list of findings is grouped (and so ordered): by severity, rule or building. */
export const findingGroups = ['severity', 'rule', 'building'] as const;
export type FindingGroup = (typeof findingGroups)[number];

/** Each grouping's key (a site's own findings group under the site) and its order. */
const groupings: Record<FindingGroup, { key: RawBuilder<string>; order: RawBuilder<unknown> }> = {
  severity: {
    key: sql`severity`,
    order: sql`severity_rank, "ruleId", "buildingName" nulls last, "buildingId" nulls last,
      "levelPosition" nulls first, "siteId", detail`,
  },
  rule: {
    key: sql`"ruleId"`,
    order: sql`"ruleId", severity_rank, "buildingName" nulls last, "buildingId" nulls last,
      "levelPosition" nulls first, "siteId", detail`,
  },
  building: {
    key: sql`coalesce("buildingId", 'site:' || "siteId")`,
    order: sql`"buildingName" nulls last, coalesce("buildingId", 'site:' || "siteId"),
      severity_rank, "ruleId", "levelPosition" nulls first, detail`,
  },
};

/**
 * One page of findings in groups (the most severe first by default, or by rule, or by building),
 * and how many findings each group on the page holds in the whole filtered list.
 */
export async function qualityFindings(
  db: Kysely<IndexTables>,
  runId: number,
  filter: FindingsFilter,
  page: { offset: number; limit: number; group: FindingGroup },
): Promise<{
  total: number;
  group: FindingGroup;
  groups: Array<{ key: string; count: number; score?: number }>;
  findings: FindingRow[];
}> {
  const scoped = findingsOf(runId, filter);
  const { key, order } = groupings[page.group];
  const [{ rows: count }, { rows }] = await Promise.all([
    sql<{ total: string }>`select count(*) as total from (${scoped}) scoped`.execute(db),
    // The rooms a same-name finding is about are read for the page's findings alone (at a sync
    // they cost seconds at 336,000 rooms, for a list few people export).
    sql<FindingRow & { severity_rank: number; group_key: string }>`
      select page.*, rooms.rooms
      from (select *, ${key} as group_key from (${scoped}) scoped
            order by ${order}
            offset ${page.offset} limit ${page.limit}) as page
      left join lateral (
        select jsonb_agg(jsonb_build_object('id', id, 'name', name) order by key, id collate "C") as rooms
        from (select id, name, key
              from (select id, name, key,
                      row_number() over (partition by key order by id collate "C") as rank,
                      count(*) over (partition by key) as same
                    from (select id, name, lower(btrim(coalesce(name, ''), E' \\t\\r\\n')) as key
                          from indexed_room
                          where run_id = ${runId} and building_id = page."buildingId"
                            and level_position = page."levelPosition") as named) as ranked
              where same > 1 and rank <= ${roomsPerName}
              order by key, id collate "C"
              limit ${roomsPerFloor}) as shown
      ) as rooms on page."ruleId" = 'room-name-duplicate'
      order by ${order}`.execute(db),
  ]);
  const keys = [...new Set(rows.map((row) => row.group_key))];
  // Counted over the whole list, for the groups this page shows (10,000 buildings stay small).
  const { rows: counts } =
    keys.length === 0
      ? { rows: [] }
      : await sql<{ key: string; count: string }>`
          select ${key} as key, count(*) as count from (${scoped}) scoped
          where ${key} = any(${keys}::text[]) group by 1`.execute(db);
  const counted = new Map(counts.map((row) => [row.key, Number(row.count)]));
  // Grouped by building, each heading carries the score its issues explain (read, not worked
  // out again: the one the portfolio, the building page and Compare show).
  const scores =
    page.group === 'building' && keys.length > 0
      ? new Map(
          (
            await db
              .selectFrom('indexed_quality')
              .select(['building_id', 'score'])
              .where('run_id', '=', runId)
              .where('building_id', 'in', keys)
              .execute()
          ).map((row) => [row.building_id, row.score]),
        )
      : undefined;
  return {
    total: Number(count[0]?.total ?? 0),
    group: page.group,
    groups: keys.map((groupKey) => {
      const score = scores?.get(groupKey);
      return {
        key: groupKey,
        count: counted.get(groupKey) ?? 0,
        ...(score === undefined ? {} : { score }),
      };
    }),
    findings: rows.map(({ severity_rank: _rank, group_key: _key, ...row }) => row),
  };
}

/** A building's score and findings; undefined when the index does not have the building. */
export async function buildingQuality(db: Kysely<IndexTables>, runId: number, buildingId: string) {
  const quality = await db
    .selectFrom('indexed_quality')
    .select(['score', 'checked'])
    .where('run_id', '=', runId)
    .where('building_id', '=', buildingId)
    .executeTakeFirst();
  if (!quality) return undefined;
  const { findings } = await qualityFindings(
    db,
    runId,
    { building: buildingId },
    { offset: 0, limit: 10_000, group: 'severity' },
  );
  return { buildingId, score: quality.score, checked: quality.checked, findings };
}

/**
 * Every building's score and the rules it breaks, with the rules themselves: what the
 * portfolio's table and the comparison read (a few dozen bytes a building).
 */
export async function qualityScores(db: Kysely<IndexTables>, runId: number) {
  const { rows } = await sql<{ buildingId: string; score: number; ruleIds: string[] }>`
    select q.building_id as "buildingId", q.score,
      coalesce(array_agg(distinct f.rule_id) filter (where f.rule_id is not null), '{}') as "ruleIds"
    from indexed_quality q
    left join indexed_finding f on f.run_id = q.run_id and f.building_id = q.building_id
    where q.run_id = ${runId}
    group by q.building_id, q.score
    order by q.building_id`.execute(db);
  return { rules, buildings: rows };
}
