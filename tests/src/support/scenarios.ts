/**
 * Named msw scenarios, shaped like what the dashboard receives from the BFF (which passes the
 * platform's JSON through). The data is the emulator's seeded portfolio: the same messy names,
 * duplicates and missing counts the real platform has. Each API area's handlers, fixtures and
 * request logs live in `scenarios/` (one module each, resetting its own state); this module
 * composes them into the scenarios tests name, and re-exports the areas so a test imports one
 * place.
 */
import { defaultComfortBands, type ComfortBands } from '@/shared/rules/comfort';
import { defaultComfortHours } from '@/shared/rules/comfort';
import { HttpResponse, delay, http, type RequestHandler } from 'msw';
import { type SchemaMode } from '../../../server/emulator/graphql-schema';
import { type PlaceLevel } from '../../../server/emulator/device-api';
import {
  hostileSkips,
  reshapeGraphql,
  reshapeList,
  type ListKind,
} from '../../../server/emulator/variants';
import { indexAttentionHandler, resetAttentionState } from './scenarios/attention';
import {
  buildingEnergyHandler,
  energyIntensitiesHandler,
  indexEnergyHandler,
  resetEnergyState,
} from './scenarios/energy';
import { fixture, fixtureBuildings } from './scenarios/fixture';
import { problem, requireCsrf } from './scenarios/http';
import {
  indexBuildingHandler,
  indexBuildingNotReady,
  indexFloorsNowHandler,
  indexRoomBandsHandler,
} from './scenarios/index-places';
import { indexSearchHandler, resetIndexSearchState } from './scenarios/index-search';
import {
  indexReady,
  indexFirstSync,
  indexRefreshHandler,
  indexStatusHandler,
  resetIndexStatusState,
} from './scenarios/index-status';
import { indexTotalsHandler } from './scenarios/index-totals';
import {
  buildingsHandler,
  capabilitiesHandler,
  currentValuesHandler,
  deviceHandler,
  devicesHandler,
  floorsHandler,
  graphqlHandler,
  historyHandler,
  platformGraphql,
  runGraphql,
  sitesHandler,
  spacesHandler,
  resetPlatformState,
} from './scenarios/platform';
import { indexQualityHandlers } from './scenarios/quality';
import { signedIn } from './scenarios/session';
export * from './scenarios/fixture';
export * from './scenarios/http';
export * from './scenarios/platform';
export * from './scenarios/session';
export * from './scenarios/index-status';
export * from './scenarios/index-search';
export * from './scenarios/index-totals';
export * from './scenarios/quality';
export * from './scenarios/attention';
export * from './scenarios/energy';
export * from './scenarios/index-places';

/** Scenario state that outlives handlers, each area's own: reset after every test. */
export function resetScenarioState(): void {
  resetPlatformState();
  resetIndexStatusState();
  resetIndexSearchState();
  resetAttentionState();
  resetEnergyState();
}

/**
 * Before the index's first sync: its state says so and every other index read answers 503
 * ("index-empty"), as the server does. Every Storey keeps its index (decision 0024): this is
 * the one time its screens have nothing to read from it.
 */
export function indexBeforeFirstSync(): RequestHandler[] {
  return [
    ...indexFirstSync(),
    http.all('*/api/index/*', () =>
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

/**
 * Floors' room details held until `release()`: then each is answered as the platform answers it
 * (the next handler). What a phone on a slow network sees between a floor's rooms and their details.
 */
export function spacesHeld(): { handlers: RequestHandler[]; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    handlers: [
      http.get('*/api/Floors/:floorId/Spaces', async () => {
        await released;
        return undefined;
      }),
    ],
    release: () => release(),
  };
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
      const plain = await runGraphql(request, query, variables, mode);
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
