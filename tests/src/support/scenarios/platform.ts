/**
 * The platform through the BFF: listings, devices, current values, history and GraphQL, answered
 * from the emulator's own code, and the requests seen.
 */
import { execute, parse } from 'graphql';
import { defaultComfortBands, type ComfortBands } from '@/shared/rules/comfort';
import { type ComfortHours } from '@/shared/rules/comfort';
import { comfortHoursSetting } from '../../../../server/comfort-settings';
import { HttpResponse, graphql, http, type RequestHandler } from 'msw';
import { createPlatformSchema, type SchemaMode } from '../../../../server/emulator/graphql-schema';
import { defaultHistoryMaxDays } from '../../../../server/config';
import { capabilityQuery, readCapabilities } from '../../../../server/platform/capabilities';
import {
  findPlace,
  placeCurrentValues,
  placeReadings,
  type PlaceLevel,
} from '../../../../server/emulator/device-api';
import { fixture, fixtureBuildings } from './fixture';
import { paged, problem, requireCsrf } from './http';

let partialErrors = false;
export const schemas: Record<SchemaMode, ReturnType<typeof createPlatformSchema>> = {
  full: createPlatformSchema(fixture, { partialErrors: () => partialErrors }),
  spec: createPlatformSchema(fixture, { partialErrors: () => partialErrors, mode: 'spec' }),
};

export const buildingsHandler = (items = fixtureBuildings) =>
  http.get('*/api/Buildings', ({ request }) => requireCsrf(request) ?? paged(request, items));
export const sitesHandler = (items = fixture.sites) =>
  http.get('*/api/Sites', ({ request }) => requireCsrf(request) ?? paged(request, items));
export const floorsHandler = () =>
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
export const spacesHandler = () =>
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

export const capabilitiesHandler = (
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
export const historyHandler = (
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
export const devicesHandler = () =>
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
export const deviceHandler = () =>
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
export const currentValuesHandler = (
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
export const reversed = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversed).reverse()
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reversed(item)]))
      : value;

/** One GraphQL operation run on the emulator's schema, counted, as plain JSON. */
export async function runGraphql(
  request: Request,
  query: string,
  variables: Record<string, unknown>,
  mode: SchemaMode,
) {
  graphqlRequests.push(request.url);
  const result = await execute({
    schema: schemas[mode],
    document: parse(query),
    variableValues: variables,
  });
  return JSON.parse(JSON.stringify(result)) as { data?: unknown };
}

export const graphqlHandler = (mode: SchemaMode = 'full', reorder = false) =>
  platformGraphql.operation(async ({ request, query, variables }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const plain = await runGraphql(request, query, variables, mode);
    return HttpResponse.json((reorder ? { ...plain, data: reversed(plain.data) } : plain) as never);
  });

/** GraphQL requests seen since the last reset, to count requests per drill-down. */
export const graphqlRequests: string[] = [];

export function graphqlPartial(): RequestHandler[] {
  partialErrors = true;
  return [graphqlHandler()];
}

/**
 * Forgets the platform's requests and its partial GraphQL answers: after every test
 * (resetScenarioState). Current values' requests included: they were once kept between tests.
 */
export function resetPlatformState(): void {
  partialErrors = false;
  graphqlRequests.length = 0;
  historyRequests.length = 0;
  currentValueRequests.length = 0;
}
