/**
 * The index's data quality (GET /api/index/quality and its parts), checked with the server's
 * own rules.
 */
import { HttpResponse, http } from 'msw';
import {
  checkPortfolio,
  scoresByBuilding,
  type BuildingDrillDown,
  type Finding,
} from '../../../../server/portfolio-index/quality/rules';
import {
  rules,
  scoreFormula,
  scoreWeights,
} from '../../../../server/portfolio-index/quality/catalogue';
import { fixture, fixtureBuildings } from './fixture';
import { jsonOf, requireCsrf } from './http';
import { indexReady } from './index-status';

/** Room names as the same-name rule compares them: trimmed, without case. */
export const sameNameKey = (name: string | null) => (name ?? '').trim().toLowerCase();

/**
 * Data quality as the server works it out at a sync: the server's own rules over the fixture's
 * records, floors and rooms (everything read, as on the full platform).
 */
export function qualityOf(buildings: typeof fixtureBuildings) {
  const drillDowns = new Map<string, BuildingDrillDown>();
  for (const record of buildings) {
    const entry = fixture.buildingById(record.id);
    if (!entry) continue;
    drillDowns.set(record.id, {
      levels: fixture.floorsOf(entry).map((floor, position) => {
        const names = floor.spaces.map((space) => sameNameKey(space.name));
        return {
          position,
          name: floor.record.name,
          area: floor.record.area,
          rooms: floor.spaces.length,
          sameNameRooms: new Set(names).size < names.length,
        };
      }),
    });
  }
  const facts = buildings.map((record) => ({
    ...record,
    countsIncluded: record.includesDeviceAndMeasurementCounts,
  }));
  const findings = checkPortfolio({ buildings: facts, sites: fixture.sites, drillDowns });
  const byId = new Map(buildings.map((record) => [record.id, record]));
  const sites = new Map(fixture.sites.map((site) => [site.id, site]));
  const organizations = new Map(fixture.organizations.map((org) => [org.id, org]));
  const rank = { error: 0, warning: 1, info: 2 };
  const rows = findings
    .map((finding: Finding) => {
      const building = finding.buildingId ? byId.get(finding.buildingId) : undefined;
      const organizationId =
        building?.organizationId ?? sites.get(finding.siteId ?? '')?.organizationId;
      const level =
        building && finding.levelPosition !== undefined
          ? fixture.floorsOf(fixture.buildingById(building.id)!)[finding.levelPosition]
          : undefined;
      return {
        ruleId: finding.ruleId,
        severity: finding.severity,
        detail: finding.detail ?? null,
        buildingId: finding.buildingId ?? null,
        buildingName: building?.name ?? null,
        siteId: finding.siteId,
        siteName: sites.get(finding.siteId ?? '')?.name ?? null,
        organizationId: organizationId ?? null,
        organizationName:
          building?.organizationName ??
          (organizationId ? (organizations.get(organizationId)?.name ?? null) : null),
        levelPosition: finding.levelPosition ?? null,
        levelName: level?.record.name ?? null,
        levelId: level?.record.id ?? null,
        rooms:
          finding.ruleId === 'room-name-duplicate' && level
            ? level.spaces
                .filter(
                  (space) =>
                    level.spaces.filter(
                      (other) => sameNameKey(other.name) === sameNameKey(space.name),
                    ).length > 1,
                )
                .map((space) => ({ id: space.id, name: space.name }))
            : null,
      };
    })
    .sort((a, b) => rank[a.severity] - rank[b.severity]);
  return { rows, scores: scoresByBuilding(facts, findings), buildings };
}

/** The fixture's findings (most severe first, as the server lists them) and scores. */
export const fixtureQuality = qualityOf(fixtureBuildings);

/** GET /api/index/quality and its parts, as the server answers them for `buildings`. */
export const indexQualityHandlers = (buildings = fixtureBuildings) => {
  const quality = buildings === fixtureBuildings ? fixtureQuality : qualityOf(buildings);
  const asOf = indexReady.served.finishedAt;
  // Each building's broken rules, gathered once: per building, a pass over every finding made
  // 10,000 buildings' scores a quadratic wait.
  const rulesOf = new Map<string, Set<string>>();
  for (const row of quality.rows)
    if (row.buildingId)
      rulesOf.set(row.buildingId, (rulesOf.get(row.buildingId) ?? new Set()).add(row.ruleId));
  const inScope = (url: URL) => {
    const organization = url.searchParams.get('organization');
    const site = url.searchParams.get('site');
    return {
      keep: (row: { siteId: string | null; organizationId: string | null }) =>
        (!site || row.siteId === site) && (!organization || row.organizationId === organization),
      buildings: quality.buildings.filter(
        (b) => (!site || b.siteId === site) && (!organization || b.organizationId === organization),
      ),
    };
  };
  return [
    http.get('*/api/index/quality', ({ request }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const scope = inScope(new URL(request.url));
      const rows = quality.rows.filter(scope.keep);
      const scores = scope.buildings.map((b) => quality.scores.get(b.id)!);
      const count = (severity: string) => rows.filter((row) => row.severity === severity).length;
      return HttpResponse.json({
        asOf,
        formula: { text: scoreFormula, weights: scoreWeights },
        buildings: scope.buildings.length,
        checked: scope.buildings.length,
        score:
          scores.length === 0
            ? null
            : Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length),
        findings: { error: count('error'), warning: count('warning'), info: count('info') },
        rules: rules.map((rule) => {
          const found = rows.filter((row) => row.ruleId === rule.id);
          return {
            ...rule,
            findings: found.length,
            places: new Set(found.map((row) => row.buildingId ?? `site:${row.siteId}`)).size,
          };
        }),
      });
    }),
    http.get('*/api/index/quality/findings', ({ request }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const url = new URL(request.url);
      const rule = url.searchParams.get('rule');
      const severity = url.searchParams.get('severity');
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const group = url.searchParams.get('group') ?? 'severity';
      // Grouped and ordered as quality-queries.ts does: severity, then rule, then building.
      const rank = { error: 0, warning: 1, info: 2 } as const;
      const keyOf = (row: (typeof quality.rows)[number]) =>
        group === 'rule'
          ? row.ruleId
          : group === 'building'
            ? (row.buildingId ?? `site:${row.siteId}`)
            : row.severity;
      const sortKey = (row: (typeof quality.rows)[number]) =>
        group === 'rule'
          ? [row.ruleId, rank[row.severity]]
          : group === 'building'
            ? [row.buildingName ?? '\uffff', keyOf(row), rank[row.severity], row.ruleId]
            : [rank[row.severity], row.ruleId];
      const compare = (a: Array<string | number>, b: Array<string | number>) => {
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
        return 0;
      };
      const rows = quality.rows
        .filter(inScope(url).keep)
        .filter((row) => (!rule || row.ruleId === rule) && (!severity || row.severity === severity))
        .sort((a, b) => compare(sortKey(a), sortKey(b)));
      const page = rows.slice(offset, offset + limit);
      const keys = [...new Set(page.map(keyOf))];
      return HttpResponse.json({
        asOf,
        total: rows.length,
        group,
        groups: keys.map((key) => ({
          key,
          count: rows.filter((row) => keyOf(row) === key).length,
          ...(group === 'building' && quality.scores.has(key)
            ? { score: quality.scores.get(key)! }
            : {}),
        })),
        findings: page,
      });
    }),
    http.get('*/api/index/quality/scores', ({ request }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      return jsonOf({
        asOf,
        rules,
        buildings: quality.buildings.map((b) => ({
          buildingId: b.id,
          score: quality.scores.get(b.id)!,
          ruleIds: [...(rulesOf.get(b.id) ?? [])],
        })),
      });
    }),
    http.get('*/api/index/quality/buildings/:buildingId', ({ request, params }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      const id = String(params.buildingId);
      const score = quality.scores.get(id);
      if (score === undefined)
        return HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Not Found',
            status: 404,
            detail: `The portfolio index (as of ${asOf}) has no building with id "${id}".`,
            reason: 'not-in-index',
          },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        );
      return HttpResponse.json({
        asOf,
        buildingId: id,
        score,
        checked: true,
        findings: quality.rows.filter((row) => row.buildingId === id),
      });
    }),
  ];
};
