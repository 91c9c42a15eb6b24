import { execute, parse } from 'graphql';
import { fold as foldText } from '@/shared/rules/text-match';
import { defaultComfortBands, type ComfortBands } from '@/shared/rules/comfort';
import { defaultComfortHours, type ComfortHours } from '@/shared/rules/comfort';
import { comfortHoursSetting } from '../../../server/comfort-settings';
import { HttpResponse, delay, graphql, http, type RequestHandler } from 'msw';
import { createPlatformSchema, type SchemaMode } from '../../../server/emulator/graphql-api';
import { defaultHistoryMaxDays } from '../../../server/config';
import { capabilityQuery, readCapabilities } from '../../../server/platform/capabilities';
import {
  findPlace,
  placeCurrentValues,
  placeReadings,
  type PlaceLevel,
} from '../../../server/emulator/rest-api';
import { generatePortfolio, resolvePortfolioOptions } from '../../../server/emulator/portfolio';
import {
  hostileSkips,
  reshapeGraphql,
  reshapeList,
  type ListKind,
} from '../../../server/emulator/variants';
import type { AttentionRow } from '../../../server/portfolio-index/conditions/attention';
import type { EnergyBuilding, EnergyReason } from '@/api/get-energy';
import type { MeAnswer } from '@/shared/contracts/access';
import { sameNames } from '@/shared/rules/same-names';
import type { FloorNow } from '@/shared/rules/floor-now';
import { bandKindOfType, comfortVerdict, outOfBandShare } from '@/shared/rules/comfort';
import {
  comfortRulesOf,
  roomBands,
  spaceUseOf,
  type RoomBands,
  type SpaceUse,
} from '@/shared/rules/space-bands';
import {
  checkPortfolio,
  rules,
  scoreFormula,
  scoresByBuilding,
  scoreWeights,
  type BuildingDrillDown,
  type Finding,
} from '../../../server/portfolio-index/quality/rules';

/**
 * Named msw scenarios, shaped like what the dashboard receives from the BFF (which passes the
 * platform's JSON through). The data is the emulator's seeded portfolio: the same messy names,
 * duplicates and missing counts the real platform has.
 */
export const fixture = generatePortfolio(resolvePortfolioOptions({ seed: 'storey' }));
export const fixtureBuildings = fixture.buildings.map((entry) => entry.record);

/**
 * The first room of the portfolio of a use (a server room, a store room) with an air-quality
 * sensor (three measurements or more): its space, type and path.
 */
export function fixtureRoomOfUse(use: SpaceUse) {
  for (const entry of fixture.buildings)
    for (const [position, floor] of fixture.floorsOf(entry).entries()) {
      const roomIndex = floor.spaces.findIndex(
        (candidate) =>
          candidate.measurementCount >= 3 && spaceUseOf(candidate.ontologyType) === use,
      );
      if (roomIndex >= 0)
        return {
          entry,
          space: floor.spaces[roomIndex]!,
          roomPath: `/buildings/${entry.record.id}/levels/${position}/rooms/${roomIndex}`,
        };
    }
  throw new Error(`The fixture has no ${use} room with sensors.`);
}

/**
 * A room with an air-quality sensor (three measurements or more) on level 1 of the building at
 * `buildingIndex`: its building, floor, space, position and path.
 */
export function fixtureRoomWithSensors(buildingIndex: number) {
  const entry = fixture.buildings[buildingIndex]!;
  const floor = fixture.floorsOf(entry)[1]!;
  // A room people work in: judged by the office bands the tests name.
  const roomIndex = floor.spaces.findIndex(
    (candidate) =>
      candidate.measurementCount >= 3 && spaceUseOf(candidate.ontologyType) === 'occupied',
  );
  return {
    entry,
    floor,
    space: floor.spaces[roomIndex]!,
    roomPath: `/buildings/${entry.record.id}/levels/1/rooms/${roomIndex}`,
  };
}

let partialErrors = false;
const schemas: Record<SchemaMode, ReturnType<typeof createPlatformSchema>> = {
  full: createPlatformSchema(fixture, { partialErrors: () => partialErrors }),
  spec: createPlatformSchema(fixture, { partialErrors: () => partialErrors, mode: 'spec' }),
};

export function requireCsrf(request: Request): Response | undefined {
  if (request.headers.get('x-csrf') !== '1') {
    return HttpResponse.json(
      { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Missing X-CSRF' },
      { status: 403 },
    );
  }
  return undefined;
}

function paged<T>(request: Request, items: readonly T[]) {
  const url = new URL(request.url);
  const take = Number(url.searchParams.get('take') ?? 1000);
  const skip = Number(url.searchParams.get('skip') ?? 0);
  return HttpResponse.json(items.slice(skip, skip + take) as never, {
    headers: { 'x-total-count': String(items.length) },
  });
}

const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, detail },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );

const buildingsHandler = (items = fixtureBuildings) =>
  http.get('*/api/Buildings', ({ request }) => requireCsrf(request) ?? paged(request, items));
const sitesHandler = (items = fixture.sites) =>
  http.get('*/api/Sites', ({ request }) => requireCsrf(request) ?? paged(request, items));
const floorsHandler = () =>
  http.get('*/api/Buildings/:buildingId/Floors', ({ request, params }) => {
    const building = fixture.buildingById(String(params.buildingId));
    if (!building)
      return problem(404, `Building with id '${String(params.buildingId)}' was not found.`);
    return (
      requireCsrf(request) ??
      paged(
        request,
        fixture.floorsOf(building).map((floor) => floor.record),
      )
    );
  });
const spacesHandler = () =>
  http.get('*/api/Floors/:floorId/Spaces', ({ request, params }) => {
    const floor = fixture.floorById(String(params.floorId));
    if (!floor) return problem(404, `Floor with id '${String(params.floorId)}' was not found.`);
    return requireCsrf(request) ?? paged(request, floor.spaces);
  });

/** GET /api/capabilities as the BFF answers it: the same probe, run on the scenario's schema. */
interface FeatureAnswer {
  state?: 'available' | 'not-offered' | 'not-enabled' | 'unknown';
  available: boolean;
  reason?: string;
}

const capabilitiesHandler = (
  mode: SchemaMode = 'full',
  history: FeatureAnswer & { maxDays?: number } = { available: true },
  features: { devices?: FeatureAnswer; currentValues?: FeatureAnswer } = {},
  comfortBands: ComfortBands = defaultComfortBands,
  // Around the clock unless a scenario says otherwise: the readings are the emulator's at the real
  // time of the run, and a test of bands must not turn on whether it runs at night. The hours
  // have scenarios of their own (`comfortHoursWeekdays`), run at a set time.
  comfortHours: ComfortHours = comfortHoursSetting.parse('always'),
) =>
  http.get('*/api/capabilities', async ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const answer = await execute({ schema: schemas[mode], document: parse(capabilityQuery) });
    return HttpResponse.json({
      checkedAt: '2026-11-22T09:00:00.000Z',
      probed: true,
      graphql: readCapabilities(answer.data as never),
      history: {
        maxDays: defaultHistoryMaxDays,
        state: history.available ? 'available' : 'not-offered',
        ...history,
      },
      devices: features.devices ?? { state: 'available', available: true },
      currentValues: {
        ttlSeconds: 30,
        ...(features.currentValues ?? { state: 'available', available: true }),
      },
      comfortBands,
      comfortHours,
    });
  });

/** The ranges the dashboard asked history for, oldest request first. */
export const historyRequests: Array<{ level: string; id: string; from: number; to: number }> = [];

/** GET /api/{level}/{id}/HistoricalValues: the emulator's own series for the asked range. */
const historyHandler = (
  answer: (level: PlaceLevel, id: string, range: { from: number; to: number }) => unknown = (
    level,
    id,
    range,
  ) => placeReadings(fixture, level, id, range, range.to),
) =>
  http.get('*/api/:level/:id/HistoricalValues', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const url = new URL(request.url);
    const from = Date.parse(url.searchParams.get('from') ?? '');
    const to = Date.parse(url.searchParams.get('to') ?? '');
    const level = String(params.level) as PlaceLevel;
    const id = String(params.id);
    historyRequests.push({ level, id, from, to });
    const answered = answer(level, id, { from, to });
    // A refusal stands for the BFF's problem document (a range beyond the site's retention).
    if (answered instanceof Response) return answered;
    return HttpResponse.json(answered as never);
  });

/** The place's devices, as the emulator lists them. */
const devicesHandler = () =>
  http.get('*/api/:level/:id/Devices', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const place = findPlace(fixture, String(params.level) as PlaceLevel, String(params.id));
    if (!place) return problem(404, 'Not found.');
    return paged(
      request,
      place.devices.map((device) => device.record),
    );
  });

/** One device by its id, as the emulator answers it. */
const deviceHandler = () =>
  http.get('*/api/Devices/:id', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const device = fixture.deviceById(String(params.id));
    return device ? HttpResponse.json(device.record as never) : problem(404, 'Not found.');
  });

/** The requests for current values, oldest first. */
export const currentValueRequests: string[] = [];

/**
 * Current values as the emulator has them at the moment of the request, optionally changed by
 * `adjust` (a stale reading, an out-of-band one) before they are sent.
 */
const currentValuesHandler = (
  adjust: (values: Array<Record<string, unknown>>, now: number) => unknown[] = (values) => values,
) =>
  http.get('*/api/:level/:id/MeasurementValues', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    currentValueRequests.push(request.url);
    const now = Date.now();
    const values = placeCurrentValues(
      fixture,
      String(params.level) as PlaceLevel,
      String(params.id),
      now,
    );
    // Paged as the platform pages every list: take (at most 5,000) and skip, x-total-count.
    const url = new URL(request.url);
    const take = Math.min(Number(url.searchParams.get('take') ?? 1000), 5000);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const adjusted = adjust(values, now);
    return HttpResponse.json(adjusted.slice(skip, skip + take) as never, {
      headers: { 'x-total-count': String(adjusted.length) },
    });
  });

/** GraphQL through the BFF, answered by msw's GraphQL handlers (they read the operation for us). */
export const platformGraphql = graphql.link('*/graphql');

/** Reverses every list in a GraphQL answer: the platform reordered its levels and rooms. */
const reversed = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversed).reverse()
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reversed(item)]))
      : value;

const graphqlHandler = (mode: SchemaMode = 'full', reorder = false) =>
  platformGraphql.operation(async ({ request, query, variables }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    graphqlRequests.push(request.url);
    const result = await execute({
      schema: schemas[mode],
      document: parse(query),
      variableValues: variables,
    });
    const plain = JSON.parse(JSON.stringify(result)) as { data?: unknown };
    return HttpResponse.json((reorder ? { ...plain, data: reversed(plain.data) } : plain) as never);
  });

/** GraphQL requests seen since the last reset, to count requests per drill-down. */
export const graphqlRequests: string[] = [];

/** Scenario state that outlives handlers: reset after every test. */
export function resetScenarioState(): void {
  partialErrors = false;
  graphqlRequests.length = 0;
  historyRequests.length = 0;
  indexRefreshes.length = 0;
  indexSearches.length = 0;
  attentionRequests.length = 0;
  energyRequests.length = 0;
  buildingEnergyRequests.length = 0;
  attentionAnsweredAt.length = 0;
}

const session = (body: Record<string, unknown>, status = 200) =>
  http.get('*/auth/me', () =>
    status === 200
      ? HttpResponse.json(body)
      : HttpResponse.json(body, {
          status,
          headers: { 'content-type': 'application/problem+json' },
        }),
  );

/** GET /api/me where access scopes are off (no SCOPES_FILE): everyone sees everything. */
export const scopesOffMe: MeAnswer = {
  sub: 'demo-dana',
  name: 'Dana Demo',
  scopes: 'off',
  all: true,
  allVia: [],
  role: 'viewer',
  groups: [],
  organizations: [],
  sites: [],
  buildings: [],
  counts: null,
  contact: null,
};

export const meHandler = (me: MeAnswer) => http.get('*/api/me', () => HttpResponse.json(me));

export function signedIn(name = 'Dana Demo'): RequestHandler[] {
  return [
    session({ signIn: true, name, email: 'dana@storey.example' }),
    meHandler({ ...scopesOffMe, name }),
  ];
}

export function signedOut(
  reason: 'signed-out' | 'session-expired' = 'signed-out',
): RequestHandler[] {
  return [
    session(
      {
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'Sign in to use Storey.',
        reason,
      },
      401,
    ),
  ];
}

/** Sign-in switched off (loopback only): no user, no sign-out. */
export function anonymousAccess(): RequestHandler[] {
  return [session({ signIn: false, name: null, email: null })];
}

/** The session ends while the person is using Storey: the API answers 401. */
export function sessionEndsMidway(
  which: 'listing' | 'graphql' | { get: string } = 'listing',
): RequestHandler[] {
  const ended = () =>
    HttpResponse.json(
      {
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'Your session has expired: sign in again.',
        reason: 'session-expired',
      },
      { status: 401, headers: { 'content-type': 'application/problem+json' } },
    );
  if (which === 'graphql') return [http.post('*/graphql', ended)];
  return [
    indexBuildingNotReady(),
    http.get(which === 'listing' ? '*/api/Buildings' : which.get, ended),
  ];
}

/** The portfolio index's status, as GET /api/index/status answers it (a complete sync by default). */
export const indexReady = {
  state: 'ready',
  database: 'embedded',
  refreshMinutes: 60,
  canRefresh: true,
  served: {
    finishedAt: '2026-11-24T09:05:00.000Z',
    sites: fixture.sites.length,
    buildings: fixture.buildings.length,
    levels: 171,
    rooms: 1389,
    method: 'bulk',
    unread: [],
    skipped: {},
  },
  latest: {
    instance: 'storey-1:4242',
    phase: 'done',
    outcome: 'done',
    startedAt: '2026-11-24T09:04:30.000Z',
    finishedAt: '2026-11-24T09:05:00.000Z',
    sites: fixture.sites.length,
    buildings: fixture.buildings.length,
    buildingsExpected: fixture.buildings.length,
    levels: 171,
    rooms: 1389,
    roomsExpected: 1389,
    platformRequests: 38,
    error: null,
  },
};

/** POST /api/index/refresh calls since the last reset. */
export const indexRefreshes: string[] = [];

const indexStatusHandler = (status: Record<string, unknown> = indexReady) =>
  http.get(
    '*/api/index/status',
    ({ request }) => requireCsrf(request) ?? HttpResponse.json(status),
  );

/** The first sync is on its way: nothing served yet, the rooms being read. */
export function indexFirstSync(): RequestHandler[] {
  return [
    indexStatusHandler({
      ...indexReady,
      state: 'syncing',
      served: null,
      latest: {
        ...indexReady.latest,
        phase: 'reading-rooms',
        outcome: 'running',
        finishedAt: null,
        rooms: 600,
      },
    }),
  ];
}

/** The last sync failed; the one before is still served. A person who may not start one. */
export function indexSyncFailed(): RequestHandler[] {
  return [
    indexStatusHandler({
      ...indexReady,
      state: 'failed',
      canRefresh: false,
      latest: {
        ...indexReady.latest,
        phase: 'failed',
        outcome: 'failed',
        startedAt: '2026-11-24T10:05:00.000Z',
        finishedAt: '2026-11-24T10:06:00.000Z',
        error: 'The platform did not give the list of buildings after 5 tries (status 503).',
      },
    }),
  ];
}

/** Search requests the index answered since the last reset (their query strings). */
export const indexSearches: string[] = [];

/** The dashboard's own folding (shared/rules/text-match), as the index's SQL function folds. */
const fold = (text: string | null | undefined) => foldText(text ?? '');

/**
 * Every building, floor and room of the fixture as the index holds them, in the index's order
 * of kinds. The server ranks with PostgreSQL (its own tests hold that); here every word of the
 * query must be in the place's names, and the order is the fixture's.
 */
const sameBuildingNames = sameNames(
  fixture.buildings.map((entry) => ({ id: entry.record.id, name: entry.record.name ?? null })),
);
const places = fixture.buildings.flatMap((entry) => {
  const building = entry.record;
  const base = { buildingId: building.id, buildingName: building.name };
  const floors = fixture.floorsOf(entry);
  return [
    {
      kind: 'building',
      id: building.id,
      name: building.name,
      ...base,
      levelId: null,
      levelPosition: null,
      levelName: null,
      referenceId: building.referenceId ?? null,
      sameName: sameBuildingNames.get(building.id) ?? null,
    },
    ...floors.map((floor, position) => ({
      kind: 'level',
      id: floor.record.id,
      name: floor.record.name,
      ...base,
      levelId: floor.record.id,
      levelPosition: position,
      levelName: floor.record.name,
      referenceId: null,
      sameName: null,
    })),
    ...floors.flatMap((floor, position) => {
      const sameRoomNames = sameNames(
        floor.spaces.map((space) => ({ id: space.id, name: space.name ?? null })),
      );
      return floor.spaces.map((space) => ({
        kind: 'room',
        id: space.id,
        name: space.name,
        ...base,
        levelId: floor.record.id,
        levelPosition: position,
        levelName: floor.record.name,
        referenceId: null,
        sameName: sameRoomNames.get(space.id) ?? null,
      }));
    }),
  ];
});

const indexSearchHandler = () =>
  http.get('*/api/index/search', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const url = new URL(request.url);
    indexSearches.push(url.search);
    const words = fold(url.searchParams.get('q')).split(/\s+/).filter(Boolean);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const order = { building: 0, level: 1, room: 2 } as Record<string, number>;
    const matches = places
      .filter((place) => {
        const names = fold(
          [
            place.buildingName,
            place.kind === 'room' ? place.levelName : '',
            place.kind === 'building' ? '' : place.name,
          ].join(' '),
        );
        return words.length > 0 && words.every((word) => names.includes(word));
      })
      .sort((a, b) => order[a.kind]! - order[b.kind]!);
    return HttpResponse.json({
      total: matches.length,
      more: false,
      asOf: indexReady.served.finishedAt,
      hits: matches.slice(offset, offset + limit),
    });
  });

const totalsRow = (
  id: string,
  name: string | null,
  area: number,
  floors: number,
  devices: number,
  whole: { area: number; floors: number; devices: number },
  organization: { id: string; name: string | null } | null = null,
) => ({
  id,
  name,
  organization,
  buildings: floors > 0 ? 2 : 0,
  area,
  floors,
  spaces: floors * 10,
  devices,
  measurements: devices * 3,
  countsMissing: 0,
  areaMissing: 0,
  floorsMissing: 0,
  spacesMissing: 0,
  share: {
    buildings: floors > 0 ? 0.5 : 0,
    area: area / whole.area,
    floors: floors / whole.floors,
    spaces: floors / whole.floors,
    devices: devices / whole.devices,
    measurements: devices / whole.devices,
  },
});

/**
 * GET /api/index/totals as the server answers it: three sites (one without buildings), their
 * sums and shares as the server works them out, and the total.
 */
export const indexTotals = (() => {
  const whole = { area: 2000, floors: 20, devices: 40 };
  const [a, b, c] = fixture.sites;
  // Each site's organization as the index joins it from the site's record.
  const organizationOf = (site: (typeof fixture.sites)[number]) => {
    const organization = fixture.organizations.find(
      (candidate) => candidate.id === site.organizationId,
    );
    return { id: site.organizationId, name: organization?.name ?? null };
  };
  return {
    asOf: indexReady.served.finishedAt,
    total: {
      buildings: 4,
      area: 2000,
      floors: 20,
      spaces: 200,
      devices: 40,
      measurements: 120,
      countsMissing: 1,
      areaMissing: 0,
      floorsMissing: 0,
      spacesMissing: 0,
    },
    rows: [
      totalsRow(a!.id, a!.name, 1500, 5, 10, whole, organizationOf(a!)),
      totalsRow(b!.id, b!.name, 500, 15, 30, whole, organizationOf(b!)),
      totalsRow(c!.id, c!.name, 0, 0, 0, whole, organizationOf(c!)),
    ],
  };
})();

/** The same sums by organization: every one of the fixture's organizations (none left out). */
export const indexOrganizationTotals = (() => {
  const whole = { area: 2000, floors: 20, devices: 40 };
  const count = fixture.organizations.length;
  return {
    ...indexTotals,
    rows: fixture.organizations.map((organization, index) =>
      totalsRow(
        organization.id,
        organization.name,
        index === 0 ? whole.area - 100 * (count - 1) : 100,
        2,
        4,
        whole,
      ),
    ),
  };
})();

const indexTotalsHandler = () =>
  http.get('*/api/index/totals', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const by = new URL(request.url).searchParams.get('by');
    return HttpResponse.json(by === 'organization' ? indexOrganizationTotals : indexTotals);
  });

/** The index still lists a building the platform has removed since the last sync. */
export function indexListsARemovedBuilding(): RequestHandler[] {
  return [
    http.get(
      '*/api/index/search',
      ({ request }) =>
        requireCsrf(request) ??
        HttpResponse.json({
          total: 1,
          more: false,
          asOf: indexReady.served.finishedAt,
          hits: [
            {
              kind: 'building',
              id: 'removed-building',
              name: 'Old Depot',
              buildingId: 'removed-building',
              buildingName: 'Old Depot',
              levelId: null,
              levelPosition: null,
              levelName: null,
              referenceId: null,
              sameName: { count: 1, position: 1 },
            },
          ],
        }),
    ),
  ];
}

/** Room names as the same-name rule compares them: trimmed, without case. */
const sameNameKey = (name: string | null) => (name ?? '').trim().toLowerCase();

/**
 * Data quality as the server works it out at a sync: the server's own rules over the fixture's
 * records, floors and rooms (everything read, as on the full platform).
 */
function qualityOf(buildings: typeof fixtureBuildings) {
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
const indexQualityHandlers = (buildings = fixtureBuildings) => {
  const quality = buildings === fixtureBuildings ? fixtureQuality : qualityOf(buildings);
  const asOf = indexReady.served.finishedAt;
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
      return HttpResponse.json({
        asOf,
        rules,
        buildings: quality.buildings.map((b) => ({
          buildingId: b.id,
          score: quality.scores.get(b.id)!,
          ruleIds: [
            ...new Set(quality.rows.filter((row) => row.buildingId === b.id).map((r) => r.ruleId)),
          ],
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

/** A server that keeps no index (PORTFOLIO_INDEX=off): every index read says so. */
/**
 * The rooms out of band as the server's conditions refresh finds them at `now`: the emulator's
 * current values of every building, judged with the server's own verdict against `bands`. Half of
 * them were already out when first read ("at least"), half went out since a reading in band.
 */
export function fixtureAttention(now: number, bands: ComfortBands = defaultComfortBands) {
  const rows: AttentionRow[] = [];
  for (const entry of fixture.buildings) {
    const rooms = new Map<
      string,
      { name: string | null; levelKey: string; levelName: string | null; type: string }
    >();
    for (const floor of fixture.floorsOf(entry))
      for (const space of floor.spaces)
        rooms.set(space.id, {
          name: space.name,
          levelKey: floor.record.id,
          levelName: floor.record.name,
          type: space.ontologyType,
        });
    for (const value of placeCurrentValues(fixture, 'Buildings', entry.record.id, now)) {
      const type = value.ontologyType as string;
      const kind = bandKindOfType[type];
      const room = rooms.get(value.spaceId as string);
      if (!kind || !room || value.measuredId !== value.spaceId) continue;
      const time = Date.parse(value.timestamp as string);
      const own = roomBands(comfortRulesOf(bands), {
        type: room.type,
        siteId: entry.record.siteId,
      });
      const verdict = comfortVerdict({ type, value: value.value, time, now }, own);
      const { status } = verdict;
      if (status !== 'low' && status !== 'high') continue;
      const known: boolean = rows.length % 2 === 1;
      rows.push({
        measurementId: value.id as string,
        kind,
        name: value.name as string,
        unit: value.unit as string,
        value: value.value as number,
        status,
        outShare: outOfBandShare(value.value as number, verdict.band),
        readingAt: new Date(time).toISOString(),
        outSince: new Date(time - (rows.length % 5) * 40 * 60_000).toISOString(),
        outSinceKnown: known,
        checkedAt: new Date(now - 8 * 60_000).toISOString(),
        roomId: value.spaceId as string,
        roomName: room.name,
        levelKey: room.levelKey,
        levelName: room.levelName,
        buildingId: entry.record.id,
        buildingName: entry.record.name,
        siteId: entry.record.siteId,
        siteName: fixture.sites.find((site) => site.id === entry.record.siteId)?.name ?? null,
        band: {
          low: verdict.band.low ?? null,
          high: verdict.band.high ?? null,
          source: verdict.band.source,
        },
        others: [],
      });
    }
  }
  // One row per room and kind, as the server lists them: the worst reading, the others named.
  const byRoomAndKind = new Map<string, AttentionRow[]>();
  for (const row of rows) {
    const key = `${row.roomId}\u0000${row.kind}`;
    byRoomAndKind.set(key, [...(byRoomAndKind.get(key) ?? []), row]);
  }
  return [...byRoomAndKind.values()].map((readings) => {
    const [worst, ...others] = readings.sort(
      (a, b) =>
        b.outShare - a.outShare ||
        Date.parse(a.outSince) - Date.parse(b.outSince) ||
        a.measurementId.localeCompare(b.measurementId),
    );
    return {
      ...worst!,
      others: others.map(({ measurementId, name, value, unit, status }) => ({
        measurementId,
        name,
        value,
        unit,
        status,
      })),
    };
  });
}

/** The requests for the attention list, oldest first, and the time each was answered for. */
export const attentionRequests: string[] = [];
export const attentionAnsweredAt: number[] = [];

/**
 * GET /api/index/attention as the server answers it: filtered, sorted and paged like
 * attention-queries.ts, with the checks' figures. `checks` replaces parts of those figures (no
 * building checked yet, a round that stopped).
 */
const indexAttentionHandler = (checks: Record<string, unknown> = {}) =>
  http.get('*/api/index/attention', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    attentionRequests.push(request.url);
    const url = new URL(request.url);
    const now = Date.now();
    attentionAnsweredAt.push(now);
    const withDevices = fixture.buildings.filter(
      ({ record }) => !record.includesDeviceAndMeasurementCounts || record.deviceCount > 0,
    );
    const site = url.searchParams.get('site');
    const building = url.searchParams.get('building');
    const kind = url.searchParams.get('kind');
    const checked = (checks.checked as number | undefined) ?? withDevices.length;
    const rows = (checked === 0 ? [] : fixtureAttention(now))
      .filter(
        (row) =>
          (!site || row.siteId === site) &&
          (!building || row.buildingId === building) &&
          (!kind || row.kind === kind),
      )
      .sort((a, b) =>
        url.searchParams.get('sort') === 'longest'
          ? Date.parse(a.outSince) - Date.parse(b.outSince) || b.outShare - a.outShare
          : b.outShare - a.outShare || Date.parse(a.outSince) - Date.parse(b.outSince),
      );
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      total: rows.length,
      readingsOut: rows.reduce((sum, row) => sum + 1 + row.others.length, 0),
      rooms: new Set(rows.map((row) => row.roomId)).size,
      readings: rows.slice(offset, offset + limit),
      checks: {
        buildings: building ? 1 : withDevices.length,
        checked: building ? Math.min(1, checked) : checked,
        oldestCheckAt: checked === 0 ? null : new Date(now - 8 * 60_000).toISOString(),
        newestCheckAt: checked === 0 ? null : new Date(now - 60_000).toISOString(),
        lastRound:
          checked === 0
            ? null
            : {
                startedAt: new Date(now - 2 * 60_000).toISOString(),
                finishedAt: new Date(now - 60_000).toISOString(),
                buildingsChecked: withDevices.length,
                platformRequests: withDevices.length,
                error: null,
              },
        ...checks,
      },
      refresh: { everyMinutes: 10, requestBudget: 1200 },
    });
  });

/** The conditions refresh has checked 3 of the buildings with devices so far (a first round). */
export function attentionPartlyChecked(): RequestHandler[] {
  return [indexAttentionHandler({ checked: 3 })];
}

/** The conditions refresh has not checked any building yet. */
export function attentionNothingChecked(): RequestHandler[] {
  return [indexAttentionHandler({ checked: 0 })];
}

/** The last round of the conditions refresh stopped early, for `error` (plain words). */
export function attentionRoundStopped(error: string): RequestHandler[] {
  const now = Date.now();
  return [
    indexAttentionHandler({
      lastRound: {
        startedAt: new Date(now - 2 * 60_000).toISOString(),
        finishedAt: new Date(now - 60_000).toISOString(),
        buildingsChecked: 0,
        platformRequests: 1,
        error,
      },
    }),
  ];
}

/**
 * Each fixture building's energy as the server's ranking gives it (energy-ranking.ts): without an
 * area it has no figure; one in seven sites keeps fewer days than the period, one building in
 * five has readings that miss days, one in eleven has a meter that stood still for two days, and
 * the rest are ranked, with a change against the 30 days before for most.
 */
const fixtureSameNames = sameNames(fixture.buildings.map(({ record }) => record));
export const fixtureEnergy: EnergyBuilding[] = fixture.buildings.map(({ record }, index) => {
  const area = record.area ?? 0;
  const used = Math.round(area * (60 + ((index * 37) % 90)) * 10) / 10 || 12_000 + index;
  const reason: EnergyBuilding['reason'] =
    area <= 0
      ? 'no-area'
      : index % 7 === 2
        ? 'beyond-retention'
        : index % 5 === 3
          ? 'partial'
          : index % 11 === 6
            ? 'meter-stuck'
            : null;
  const previous = index % 4 === 1 ? null : Math.round(used * (0.8 + (index % 9) * 0.05));
  return {
    id: record.id,
    name: record.name ?? null,
    referenceId: record.referenceId ?? null,
    sameName: fixtureSameNames.get(record.id)!,
    siteId: record.siteId,
    siteName: fixture.sites.find((site) => site.id === record.siteId)?.name ?? null,
    meters: 1,
    area,
    usedKwh: used,
    intensity: reason === null ? Math.round((used / area) * 1000) / 1000 : null,
    coveredDays: reason === 'partial' ? 27.5 : reason === 'beyond-retention' ? 29.4 : 30,
    reason,
    previousKwh: reason === null ? previous : null,
    change:
      reason === null && previous !== null
        ? Math.round(((used - previous) / previous) * 1000) / 1000
        : null,
    compareReason:
      reason !== null ? 'last-incomplete' : previous === null ? 'beyond-retention' : null,
    // Two meters went quiet a day ago.
    lastReadingAt: new Date(Date.now() - (index < 2 ? 26 : 0.2) * 60 * 60 * 1000).toISOString(),
    stuckDays: reason === 'meter-stuck' ? 2 : 0,
  };
});

/**
 * Each fixture building over its last 12 whole months, as the ranking gives it: a third of the
 * sites kept only 30 days when the index first read them (beyond retention for a year), readings
 * that miss days and stuck meters as over 30 days, the rest ranked at about twelve times their
 * month. Never compared with the year before.
 */
export const fixtureYearEnergy: EnergyBuilding[] = fixtureEnergy.map((row, index) => {
  const reason: EnergyBuilding['reason'] =
    row.reason === 'no-area' || row.reason === 'meter-stuck' || row.reason === 'partial'
      ? row.reason
      : index % 3 === 1
        ? 'beyond-retention'
        : null;
  const used = Math.round((row.usedKwh ?? 0) * (11 + (index % 4) * 0.5));
  return {
    ...row,
    usedKwh: used,
    intensity: reason === null ? Math.round((used / row.area!) * 1000) / 1000 : null,
    coveredDays: reason === 'partial' ? 351.5 : reason === 'beyond-retention' ? 31 : 365,
    reason,
    previousKwh: null,
    change: null,
    compareReason: null,
    stuckDays: reason === 'meter-stuck' ? 9 : 0,
  };
});

const fixtureEnergyOf = (period: string | null) =>
  period === '12-months' ? fixtureYearEnergy : fixtureEnergy;

/**
 * The ranking's period as the server gives it: the 30 UTC dates before today, or the 12 whole
 * months before this one.
 */
export const energyPeriod = (ranked: boolean, kind: string | null = '30-days') => {
  const day = 24 * 60 * 60 * 1000;
  if (!ranked) return null;
  if (kind === '12-months') {
    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1));
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1) - day);
    return {
      kind: '12-months' as const,
      days: Math.round((to.getTime() - from.getTime()) / day) + 1,
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
    };
  }
  return {
    kind: '30-days' as const,
    days: 30,
    from: new Date(Date.now() - 30 * day).toISOString().slice(0, 10),
    to: new Date(Date.now() - day).toISOString().slice(0, 10),
  };
};

/** The requests for the energy lists, oldest first. */
export const energyRequests: string[] = [];

/** GET /api/index/energy as the server answers it: listed, sorted and paged like energy-ranking.ts. */
const indexEnergyHandler = (ranked = true) =>
  http.get('*/api/index/energy', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    energyRequests.push(request.url);
    const url = new URL(request.url);
    const period = url.searchParams.get('period');
    const list = url.searchParams.get('list') ?? 'ranked';
    const sort = url.searchParams.get('sort') ?? 'intensity';
    if (period === '12-months' && sort === 'change')
      return problem(400, 'Query parameter "sort" cannot be "change" for the last 12 months.');
    const rows = ranked ? fixtureEnergyOf(period) : [];
    const rankedRows = rows.filter((row) => row.intensity !== null);
    const silent = (row: EnergyBuilding) =>
      Date.now() - Date.parse(row.lastReadingAt!) > 6 * 60 * 60 * 1000;
    const listed =
      list === 'ranked'
        ? [...rankedRows].sort((a, b) =>
            sort === 'use'
              ? b.usedKwh! - a.usedKwh!
              : sort === 'change'
                ? (b.change ?? -Infinity) - (a.change ?? -Infinity)
                : b.intensity! - a.intensity!,
          )
        : list === 'out'
          ? rows.filter((row) => row.reason !== null)
          : rows.filter((row) => silent(row) || row.stuckDays > 0);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const count = (reason: EnergyReason) => rows.filter((row) => row.reason === reason).length;
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      rankedAt: ranked ? new Date(Date.now() - 5 * 60_000).toISOString() : null,
      period: energyPeriod(ranked, period),
      coverage: {
        buildings: fixture.buildings.length,
        ranked: rankedRows.length,
        out: {
          'no-meter': count('no-meter'),
          'meter-unit': count('meter-unit'),
          'no-area': count('no-area'),
          'not-read-yet': ranked ? count('not-read-yet') : fixture.buildings.length,
          'beyond-retention': count('beyond-retention'),
          partial: count('partial'),
          'meter-stuck': count('meter-stuck'),
        },
        stoppedMeters: rows.filter(silent).length,
        stuckMeters: rows.filter((row) => row.stuckDays > 0).length,
      },
      portfolioIntensity:
        rankedRows.length === 0
          ? null
          : rankedRows.reduce((sum, row) => sum + row.usedKwh!, 0) /
            rankedRows.reduce((sum, row) => sum + row.area!, 0),
      total: listed.length,
      buildings: listed.slice(offset, offset + limit),
      refresh: { everyMinutes: 10, requestBudget: 1200 },
    });
  });

/** GET /api/index/energy/intensities: the ranked fixture buildings' intensities, lowest first. */
const energyIntensitiesHandler = (ranked = true) =>
  http.get('*/api/index/energy/intensities', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const period = new URL(request.url).searchParams.get('period');
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      rankedAt: ranked ? new Date(Date.now() - 5 * 60_000).toISOString() : null,
      period: energyPeriod(ranked, period),
      buildings: (ranked ? fixtureEnergyOf(period) : [])
        .filter((row) => row.intensity !== null)
        .map((row) => ({ id: row.id, intensity: row.intensity! }))
        .sort((a, b) => a.intensity - b.intensity),
    });
  });

/** The energy refresh has not read any meter yet. */
export function energyNotReadYet(): RequestHandler[] {
  return [indexEnergyHandler(false), energyIntensitiesHandler(false), buildingEnergyHandler(false)];
}

/**
 * Each fixture building's kept days as the server gives them: the ranking's use spread evenly
 * over the 30 days of its period (a partial building's last three days incomplete), and 30 days
 * before. Dates are those `indexEnergyHandler` gives as the period.
 */
export function fixtureEnergyDays(row: EnergyBuilding, now = Date.now()) {
  const day = 24 * 60 * 60 * 1000;
  return Array.from({ length: 60 }, (_, index) => {
    const date = new Date(now - (60 - index) * day).toISOString().slice(0, 10);
    const last = index >= 30;
    return {
      day: date,
      usedKwh: last ? (row.usedKwh ?? 0) / 30 : (row.previousKwh ?? 0) / 30,
      complete: !(last && row.reason === 'partial' && index >= 57),
      beyondRetention: false,
    };
  });
}

export const buildingEnergyRequests: string[] = [];

/** GET /api/index/energy/buildings/:id as the server answers it (energy-ranking.ts). */
const buildingEnergyHandler = (ranked = true) =>
  http.get('*/api/index/energy/buildings/:buildingId', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    buildingEnergyRequests.push(request.url);
    const row = fixtureEnergy.find((candidate) => candidate.id === params.buildingId);
    const year = fixtureYearEnergy.find((candidate) => candidate.id === params.buildingId);
    const yearPeriod = energyPeriod(ranked, '12-months');
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      rankedAt: ranked ? new Date(Date.now() - 5 * 60_000).toISOString() : null,
      period: energyPeriod(ranked),
      building: ranked ? (row ?? null) : null,
      days: ranked && row ? fixtureEnergyDays(row) : [],
      twelveMonths: {
        period: yearPeriod,
        building: ranked ? (year ?? null) : null,
        // The year's use spread over its months, more in winter.
        months:
          ranked && year && yearPeriod
            ? Array.from({ length: 12 }, (_, index) => {
                const month = new Date(Date.parse(yearPeriod.from));
                month.setUTCMonth(month.getUTCMonth() + index);
                const winter = [0, 1, 10, 11].includes(month.getUTCMonth());
                return {
                  month: month.toISOString().slice(0, 7),
                  usedKwh: ((year.usedKwh ?? 0) / 12) * (winter ? 1.2 : 0.9),
                  complete:
                    !(year.reason === 'partial' && index === 5) &&
                    !(year.reason === 'beyond-retention' && index < 11),
                  beyondRetention: year.reason === 'beyond-retention' && index < 11,
                };
              })
            : [],
      },
    });
  });

/** A Storey without an index: a building's energy is worked out from its meter in the page. */
export function buildingEnergyFromMeter(): RequestHandler[] {
  return [
    http.get('*/api/index/energy/buildings/:buildingId', () =>
      HttpResponse.json(
        {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: 'This Storey keeps no portfolio index (PORTFOLIO_INDEX=off).',
          reason: 'index-off',
        },
        { status: 404, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
  ];
}

export function withoutIndex(): RequestHandler[] {
  return [
    http.all('*/api/index/*', () =>
      HttpResponse.json(
        {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail:
            'This Storey keeps no portfolio index (PORTFOLIO_INDEX=off), so portfolio-wide figures such as data quality and totals are not available.',
          reason: 'index-off',
        },
        { status: 404, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
  ];
}

/** The first sync has not finished: every index read answers 503 as the server does. */
export function indexNotYetSynced(): RequestHandler[] {
  return [
    http.get('*/api/index/quality*', () =>
      HttpResponse.json(
        {
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          detail:
            'The portfolio is still being indexed: try again in a minute. The progress is at /api/index/status.',
          reason: 'index-empty',
        },
        {
          status: 503,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '30' },
        },
      ),
    ),
  ];
}

/**
 * GET /api/index/floors-now: a building's floors as the index's last check left them. By default
 * no building was checked lately (`now: null`); `floorsCheckedByIndex` says what a check found.
 */
const indexFloorsNowHandler = (
  checked: { checkedAt: string; floors: Map<string, FloorNow> } | null = null,
) =>
  http.get('*/api/index/floors-now', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      now: checked && {
        checkedAt: checked.checkedAt,
        floors: [...checked.floors].map(([floorId, floor]) => ({ floorId, ...floor })),
      },
    });
  });

/**
 * GET /api/index/room-bands: a building's rooms judged by bands of their own, by their type in
 * the emulator's portfolio, with the default rules (the server's answer, shared/rules/space-bands).
 */
const indexRoomBandsHandler = (typesRead = true) =>
  http.get('*/api/index/room-bands', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    if (!typesRead)
      return HttpResponse.json({ asOf: indexReady.served.finishedAt, typesRead, groups: [] });
    const building = fixture.buildingById(new URL(request.url).searchParams.get('building') ?? '');
    if (!building) return problem(404, 'The portfolio index has no such building.');
    const comfort = comfortRulesOf(defaultComfortBands);
    const groups = new Map<string, { type: string; bands: RoomBands; rooms: string[] }>();
    for (const floor of fixture.floorsOf(building))
      for (const space of floor.spaces) {
        const bands = roomBands(comfort, {
          type: space.ontologyType,
          siteId: building.record.siteId,
        });
        if (bands === comfort.bands) continue;
        const group = groups.get(space.ontologyType) ?? {
          type: space.ontologyType,
          bands,
          rooms: [],
        };
        group.rooms.push(space.id);
        groups.set(space.ontologyType, group);
      }
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      typesRead: true,
      groups: [...groups.values()],
    });
  });

/**
 * GET /api/index/buildings/:id: one building as the index's sync read it, and its site. By default
 * the emulator's own record and site; `indexBuildingNotReady` answers as before the first sync, so
 * scenarios that change the platform's listing are read from that listing.
 */
const indexBuildingHandler = () =>
  http.get('*/api/index/buildings/:buildingId', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const building = fixture.buildingById(String(params.buildingId));
    if (!building) return problem(404, 'The portfolio index has no such building.');
    const site = fixture.sites.find((candidate) => candidate.id === building.record.siteId);
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      record: building.record,
      site: site ? { id: site.id, name: site.name, timezone: site.timezone ?? null } : null,
    });
  });

/** The index cannot answer for one building yet (before its first sync): pages read the listing. */
export const indexBuildingNotReady = () =>
  http.get('*/api/index/buildings/:buildingId', () =>
    HttpResponse.json(
      {
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail: 'The portfolio is still being indexed: try again in a minute.',
        reason: 'index-empty',
      },
      { status: 503, headers: { 'content-type': 'application/problem+json', 'retry-after': '30' } },
    ),
  );

/** A platform that does not list buildings' spaces: the index knows no room's type. */
export const roomTypesNotSaid = () => [indexRoomBandsHandler(false)];

/** The index checked every building at `checkedAt` and found its floors as `floors` (by id). */
export const floorsCheckedByIndex = (checkedAt: string, floors: Map<string, FloorNow>) => [
  indexFloorsNowHandler({ checkedAt, floors }),
];

const indexRefreshHandler = () =>
  http.post('*/api/index/refresh', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    indexRefreshes.push(request.url);
    return HttpResponse.json({ ...indexReady, state: 'syncing' }, { status: 202 });
  });

export function portfolioFull(): RequestHandler[] {
  return [
    ...signedIn(),
    indexStatusHandler(),
    indexRefreshHandler(),
    indexSearchHandler(),
    indexTotalsHandler(),
    ...indexQualityHandlers(),
    indexAttentionHandler(),
    indexFloorsNowHandler(),
    indexRoomBandsHandler(),
    indexBuildingHandler(),
    indexEnergyHandler(),
    energyIntensitiesHandler(),
    buildingEnergyHandler(),
    buildingsHandler(),
    sitesHandler(),
    floorsHandler(),
    spacesHandler(),
    capabilitiesHandler(),
    historyHandler(),
    devicesHandler(),
    deviceHandler(),
    currentValuesHandler(),
    graphqlHandler(),
  ];
}

/** A platform that offers exactly the interface specification: no ids below buildings, no search. */
export function specOnlyPlatform(): RequestHandler[] {
  return [
    ...signedIn(),
    indexStatusHandler(),
    indexSearchHandler(),
    ...indexQualityHandlers(),
    buildingsHandler(),
    sitesHandler(),
    floorsHandler(),
    spacesHandler(),
    capabilitiesHandler(
      'spec',
      { available: true },
      {
        devices: {
          state: 'not-offered',
          available: false,
          reason: 'this platform does not list devices',
        },
        currentValues: {
          state: 'not-offered',
          available: false,
          reason: 'this platform does not offer current values',
        },
      },
    ),
    historyHandler(),
    graphqlHandler('spec'),
  ];
}

export function portfolioEmpty(): RequestHandler[] {
  return [indexBuildingNotReady(), buildingsHandler([]), sitesHandler([])];
}

export function portfolioOf(buildings: typeof fixtureBuildings): RequestHandler[] {
  return [
    ...signedIn(),
    indexStatusHandler(),
    indexSearchHandler(),
    ...indexQualityHandlers(buildings),
    buildingsHandler(buildings),
    sitesHandler(),
    floorsHandler(),
    spacesHandler(),
    capabilitiesHandler(),
    historyHandler(),
    graphqlHandler(),
  ];
}

/** A platform without historical values: the BFF's probe found the path refused. */
export function historyUnavailable(): RequestHandler[] {
  return [
    capabilitiesHandler('full', {
      available: false,
      reason: 'whoever runs Storey can point it elsewhere with PLATFORM_HISTORY_PATH',
    }),
  ];
}

/** The BFF's credential lacks the Current Value API type (the probe met a JSON 403). */
export function currentValuesNotEnabled(): RequestHandler[] {
  return [
    capabilitiesHandler(
      'full',
      { available: true },
      {
        currentValues: {
          state: 'not-enabled',
          available: false,
          reason:
            "Storey's platform credential is not enabled for current values; ask your platform administrator",
        },
      },
    ),
  ];
}

/** A BFF set to other comfort bands (its COMFORT_* settings). */
export function comfortBandsSetTo(bands: ComfortBands): RequestHandler[] {
  return [capabilitiesHandler('full', { available: true }, {}, bands)];
}

/** A BFF with its default comfort hours, weekdays 07:00-19:00 on each site's clock. */
export function comfortHoursWeekdays(): RequestHandler[] {
  return [
    capabilitiesHandler('full', { available: true }, {}, defaultComfortBands, defaultComfortHours),
  ];
}

/** Current values changed before they are sent: `adjust` gets the emulator's values and the time. */
export function currentValuesAdjusted(
  adjust: (values: Array<Record<string, unknown>>, now: number) => unknown[],
): RequestHandler[] {
  return [currentValuesHandler(adjust)];
}

/** A BFF that relays at most `maxDays` days of history (PLATFORM_HISTORY_MAX_DAYS). */
export function historyLimitedTo(maxDays: number): RequestHandler[] {
  return [capabilitiesHandler('full', { available: true, maxDays })];
}

/** History answers with a failure of the BFF's making (a problem document). */
export function historyFails(status: number, detail: string): RequestHandler[] {
  return [http.get('*/api/:level/:id/HistoricalValues', () => problem(status, detail))];
}

/** History answered by `answer` per place and range: readings, or a refusal from `historyRefusal`. */
export function historyAnswers(
  answer: (level: PlaceLevel, id: string, range: { from: number; to: number }) => unknown,
): RequestHandler[] {
  return [historyHandler(answer)];
}

/** What the BFF answers for a range the platform refused, in the platform's words. */
export const historyRefusal = (status: number, detail: string): Response => problem(status, detail);

/** History answers an empty list: nothing recorded in the range. */
export function historyEmpty(): RequestHandler[] {
  return [historyHandler(() => [])];
}

/** History never answers (the panel stays in its loading state). */
export function historyPending(): RequestHandler[] {
  return [http.get('*/api/:level/:id/HistoricalValues', () => delay('infinite'))];
}

/** Nothing ever answers: the screen stays in its loading state. */
export function everythingPending(): RequestHandler[] {
  return [
    http.all('*/api/*', () => delay('infinite')),
    platformGraphql.operation(() => delay('infinite')),
  ];
}

export function buildingsFail(
  status: number,
  detail = `The platform failed to answer (status ${status}).`,
  headers: Record<string, string> = {},
): RequestHandler[] {
  return [
    indexBuildingNotReady(),
    http.get('*/api/Buildings', () => problem(status, detail, headers)),
  ];
}

export function sitesFail(status: number): RequestHandler[] {
  return [
    indexBuildingNotReady(),
    http.get('*/api/Sites', () => problem(status, `Sites failed (${status}).`)),
  ];
}

export function spacesFail(status: number): RequestHandler[] {
  return [
    http.get('*/api/Floors/:floorId/Spaces', () => problem(status, `Spaces failed (${status}).`)),
  ];
}

export function floorsFail(status: number): RequestHandler[] {
  return [
    http.get('*/api/Buildings/:buildingId/Floors', () =>
      problem(status, `Floors failed (${status}).`),
    ),
  ];
}

/**
 * Another platform than the emulator's own (server/emulator/variants.ts), as the BFF relays it:
 * its listings and GraphQL answers reshaped exactly as the emulator's variant sends them. `lean`
 * offers what the specification shows (no devices, current values or history); `hostile` sends
 * valid JSON of unexpected shapes, and the index says what it skipped.
 */
export function platformVariant(variant: 'lean' | 'hostile'): RequestHandler[] {
  const reshaped = (kind: ListKind, request: Request, items: readonly object[]) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const url = new URL(request.url);
    const take = Number(url.searchParams.get('take') ?? 1000);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const page = reshapeList(
      variant,
      kind,
      items.slice(skip, skip + take) as Array<Record<string, unknown>>,
      skip,
    );
    return HttpResponse.json(page.records as never, {
      headers: { 'x-total-count': page.totalCount ?? String(items.length) },
    });
  };
  const mode: SchemaMode = variant === 'lean' ? 'spec' : 'full';
  const notOffered = (what: string) => ({
    state: 'not-offered' as const,
    available: false,
    reason: `this platform does not offer ${what}`,
  });
  return [
    // Read from the reshaped listing, as a sync of this platform would have kept it.
    indexBuildingNotReady(),
    indexStatusHandler({
      ...indexReady,
      served: {
        ...indexReady.served,
        method: variant === 'lean' ? 'per-building' : 'bulk',
        skipped:
          variant === 'hostile'
            ? { sites: hostileSkips.sites, buildings: hostileSkips.buildings }
            : {},
      },
    }),
    http.get('*/api/Buildings', ({ request }) => reshaped('buildings', request, fixtureBuildings)),
    http.get('*/api/Sites', ({ request }) => reshaped('sites', request, fixture.sites)),
    http.get('*/api/Buildings/:buildingId/Floors', ({ request, params }) => {
      const building = fixture.buildingById(String(params.buildingId));
      if (!building)
        return problem(404, `Building with id '${String(params.buildingId)}' was not found.`);
      const floors = fixture.floorsOf(building).map((floor) => floor.record);
      return reshaped('floors', request, floors);
    }),
    http.get('*/api/Floors/:floorId/Spaces', ({ request, params }) => {
      const floor = fixture.floorById(String(params.floorId));
      if (!floor) return problem(404, `Floor with id '${String(params.floorId)}' was not found.`);
      return reshaped('spaces', request, floor.spaces);
    }),
    platformGraphql.operation(async ({ request, query, variables }) => {
      const denied = requireCsrf(request);
      if (denied) return denied;
      graphqlRequests.push(request.url);
      const result = await execute({
        schema: schemas[mode],
        document: parse(query),
        variableValues: variables,
      });
      const plain = JSON.parse(JSON.stringify(result)) as unknown;
      return HttpResponse.json(reshapeGraphql(variant, plain, variables) as never);
    }),
    ...(variant === 'lean'
      ? [
          capabilitiesHandler(
            'spec',
            { available: false, reason: 'this platform does not offer history' },
            { devices: notOffered('devices'), currentValues: notOffered('current values') },
          ),
        ]
      : []),
  ];
}

/** The platform's own shapes reaching the browser unchanged (a misbehaving proxy, or a future BFF bug). */
export function buildingsPlatformShapes(
  kind: 'array-400' | 'html-403' | 'bare-429',
): RequestHandler[] {
  return [
    indexBuildingNotReady(),
    http.get('*/api/Buildings', () => {
      if (kind === 'array-400')
        return HttpResponse.json(['Unsupported API Version was requested'], { status: 400 });
      if (kind === 'html-403')
        return new HttpResponse('<html><body><h1>403 Forbidden</h1></body></html>', {
          status: 403,
          headers: { 'content-type': 'text/html' },
        });
      return new HttpResponse(null, { status: 429 });
    }),
  ];
}

/** The platform now lists levels and rooms in the opposite order (ids unchanged). */
export function reorderedPlatform(): RequestHandler[] {
  return [graphqlHandler('full', true)];
}

export function graphqlPartial(): RequestHandler[] {
  partialErrors = true;
  return [graphqlHandler()];
}

/**
 * The platform's 200 with broken JSON, which the BFF relays unparsed (decision 0007): the listing
 * and the drill-down must say so in words.
 */
export function answersMalformed(which: 'listing' | 'graphql'): RequestHandler[] {
  const broken = () =>
    new HttpResponse('[{"id":"0b5e", "name": ', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  return [
    indexBuildingNotReady(),
    which === 'listing' ? http.get('*/api/Buildings', broken) : http.post('*/graphql', broken),
  ];
}

export function graphqlFails(
  status: number,
  detail = 'The platform did not answer in time.',
): RequestHandler[] {
  // The BFF's refusal is an HTTP problem document, not a GraphQL answer.
  return [http.post('*/graphql', () => problem(status, detail))];
}
