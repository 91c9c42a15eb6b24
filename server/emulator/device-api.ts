import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceEntry, PointEntry } from './devices.ts';
import {
  historyDayMs,
  historyPage,
  latestReading,
  type HistoricalValue,
} from './history-series.ts';
import { hashSeed } from './random.ts';
import type { FloorEntry, Portfolio } from './portfolio.ts';
import {
  apiTypes,
  lowerCaseKeys,
  parseHistoryRange,
  parseListParameters,
  sendPage,
  type ApiType,
  type RestApiOptions,
} from './rest-parameters.ts';

/** Devices, current values and history: what the field notes say the real service has beyond the spec. */

const apiTypeNames: Record<ApiType, string> = {
  'current-value': 'Current Value API',
  historical: 'Historical API',
};

export type PlaceLevel = 'Buildings' | 'Floors' | 'Spaces' | 'Devices';
const placeWords: Record<PlaceLevel, string> = {
  Buildings: 'Building',
  Floors: 'Floor',
  Spaces: 'Space',
  Devices: 'Device',
};

interface Place {
  devices: DeviceEntry[];
  /** A building's floors, so a page of its devices makes only the floors it covers. */
  floors?: FloorEntry[];
  buildingId: string;
  siteId: string;
}

export function findPlace(portfolio: Portfolio, level: PlaceLevel, id: string): Place | undefined {
  if (level === 'Buildings') {
    const building = portfolio.buildingById(id);
    if (!building) return undefined;
    const floors = portfolio.floorsOf(building);
    return {
      // Made when asked for: a 20,000-room tower's devices are many, and a page needs few.
      get devices() {
        return floors.flatMap((floor) => portfolio.devicesOf(floor));
      },
      floors,
      buildingId: id,
      siteId: building.record.siteId,
    };
  }
  if (level === 'Floors') {
    const floor = portfolio.floorById(id);
    if (!floor) return undefined;
    const siteId = portfolio.buildingById(floor.record.buildingId)!.record.siteId;
    return { devices: portfolio.devicesOf(floor), buildingId: floor.record.buildingId, siteId };
  }
  if (level === 'Spaces') {
    const space = portfolio.spaceById(id);
    if (!space) return undefined;
    const floor = portfolio.floorById(space.floorId)!;
    return {
      devices: portfolio.devicesOf(floor).filter((device) => device.record.spaceId === id),
      buildingId: space.buildingId,
      siteId: space.siteId,
    };
  }
  const device = portfolio.deviceById(id);
  if (!device) return undefined;
  return {
    devices: [device],
    buildingId: device.record.buildingId,
    siteId: device.record.siteId,
  };
}

/** Every reading of a place in a range, all pages at once: for tests and component scenarios. */
export function placeReadings(
  portfolio: Portfolio,
  level: PlaceLevel,
  id: string,
  range: { from: number; to: number },
  now: number,
): HistoricalValue[] {
  const place = findPlace(portfolio, level, id);
  if (!place) return [];
  return historyPage({
    points: place.devices.flatMap((device) => device.points),
    gatewaySeed: hashSeed(place.buildingId),
    range,
    now,
    skip: 0,
    take: Number.POSITIVE_INFINITY,
  }).values;
}

/** The current values of a place as the platform answers them. */
export function placeCurrentValues(
  portfolio: Portfolio,
  level: PlaceLevel,
  id: string,
  now: number,
): Array<Record<string, unknown>> {
  const place = findPlace(portfolio, level, id);
  if (!place) return [];
  const gatewaySeed = hashSeed(place.buildingId);
  return place.devices.flatMap((device) =>
    device.points.flatMap((point) => {
      const latest = latestReading(point, gatewaySeed, now);
      return latest ? [currentValueRecord(point, latest)] : [];
    }),
  );
}

type PlaceHandler = (place: Place, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * A handler for one place by id: 403 when the client lacks the API type, 404 for an unknown id,
 * as the real service answers (field notes).
 */
function placeRoute(portfolio: Portfolio, enabled: ReadonlySet<ApiType>) {
  return (level: PlaceLevel, apiType: ApiType | undefined, handler: PlaceHandler) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      if (apiType !== undefined && !enabled.has(apiType)) {
        return reply
          .code(403)
          .send([`The client is not enabled for the ${apiTypeNames[apiType]}.`]);
      }
      const place = findPlace(portfolio, level, request.params.id.toLowerCase());
      if (!place)
        return reply
          .code(404)
          .send([`${placeWords[level]} with id '${request.params.id}' was not found.`]);
      return handler(place, request, reply);
    };
}

/** A page of a place's devices; a building's makes only the floors the page covers. */
function devicesPage(portfolio: Portfolio): PlaceHandler {
  return (place, request, reply) => {
    const parameters = parseListParameters(request.query);
    if (Array.isArray(parameters)) return reply.code(400).send(parameters);
    if (!place.floors)
      return sendPage(
        reply,
        place.devices.map((device) => device.record),
        parameters,
      );
    const total = place.floors.reduce((sum, floor) => sum + floor.record.deviceCount, 0);
    const end = parameters.skip + parameters.take;
    const records: unknown[] = [];
    let start = 0;
    for (const floor of place.floors) {
      if (start >= end) break;
      const next = start + floor.record.deviceCount;
      if (next > parameters.skip)
        for (const [index, device] of portfolio.devicesOf(floor).entries())
          if (start + index >= parameters.skip && start + index < end) records.push(device.record);
      start = next;
    }
    return reply.header('x-total-count', String(total)).send(records);
  };
}

/** A place's current values, those updated after `updatedAfter` when it is given. */
function currentValues(now: () => number): PlaceHandler {
  return (place, request, reply) => {
    const raw = lowerCaseKeys(request.query);
    const parameters = parseListParameters(
      Object.fromEntries(Object.entries(raw).filter(([key]) => key !== 'updatedafter')),
    );
    if (Array.isArray(parameters)) return reply.code(400).send(parameters);
    let after = Number.NEGATIVE_INFINITY;
    if (raw.updatedafter !== undefined) {
      after = Date.parse(raw.updatedafter);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(raw.updatedafter) || Number.isNaN(after))
        return reply
          .code(400)
          .send([`The value '${raw.updatedafter}' is not valid for updatedAfter.`]);
    }
    const gatewaySeed = hashSeed(place.buildingId);
    const at = now();
    const values = place.devices.flatMap((device) =>
      device.points.flatMap((point) => {
        const latest = latestReading(point, gatewaySeed, at);
        if (!latest || latest.time <= after) return [];
        return [currentValueRecord(point, latest)];
      }),
    );
    return sendPage(reply, values, parameters);
  };
}

/** The `Link` header of a history page that has a next one: first and next, other filters kept. */
function historyLinks(request: FastifyRequest, take: number, next: number): string {
  const link = (skip: number, rel: string) => {
    const query = new URLSearchParams(
      Object.fromEntries(
        Object.entries(request.query as Record<string, string>).filter(
          ([key]) => !['take', 'skip'].includes(key.toLowerCase()),
        ),
      ),
    );
    query.set('take', String(take));
    query.set('skip', String(skip));
    return `<${request.url.split('?')[0]}?${query.toString()}>; rel="${rel}"`;
  };
  return [link(0, 'first'), link(next, 'next')].join(', ');
}

/** A page of a place's history in a range, refused before the site's retention period. */
function historicalValues(portfolio: Portfolio, now: () => number): PlaceHandler {
  return (place, request, reply) => {
    const raw = lowerCaseKeys(request.query);
    const range = parseHistoryRange(raw);
    const parameters = parseListParameters(
      Object.fromEntries(Object.entries(raw).filter(([key]) => key === 'take' || key === 'skip')),
    );
    const errors = [
      ...(Array.isArray(range) ? range : []),
      ...(Array.isArray(parameters) ? parameters : []),
    ];
    if (Array.isArray(range) || Array.isArray(parameters)) return reply.code(400).send(errors);
    const at = now();
    const retentionDays = portfolio.retentionDaysOf(place.siteId);
    if (range.from < at - retentionDays * historyDayMs) {
      return reply
        .code(400)
        .send([
          `The requested period starts before the site's retention period of ${retentionDays} days.`,
        ]);
    }
    const page = historyPage({
      points: place.devices.flatMap((device) => device.points),
      gatewaySeed: hashSeed(place.buildingId),
      range,
      now: at,
      skip: parameters.skip,
      take: parameters.take,
    });
    reply.header('x-total-count', String(page.total));
    const next = parameters.skip + parameters.take;
    if (next < page.total) reply.header('link', historyLinks(request, parameters.take, next));
    return reply.send(page.values);
  };
}

/**
 * Devices, current values and historical values (beyond the spec; field notes). History needs the
 * Historical API type and current values the Current Value API type; devices need neither.
 */
export function registerDeviceApis(app: FastifyInstance, options: RestApiOptions): void {
  const { portfolio } = options;
  const now = options.now ?? Date.now;
  const withPlace = placeRoute(portfolio, new Set(options.apiTypes ?? apiTypes));

  if (options.devices) {
    for (const level of ['Buildings', 'Floors', 'Spaces'] as const)
      app.get<{ Params: { id: string } }>(
        `/api/${level}/:id/Devices`,
        withPlace(level, undefined, devicesPage(portfolio)),
      );
    app.get<{ Params: { id: string } }>(
      '/api/Devices/:id',
      withPlace('Devices', undefined, (place, _request, reply) =>
        reply.send(place.devices[0]!.record),
      ),
    );
    for (const level of ['Buildings', 'Floors', 'Spaces', 'Devices'] as const)
      app.get<{ Params: { id: string } }>(
        `/api/${level}/:id/MeasurementValues`,
        withPlace(level, 'current-value', currentValues(now)),
      );
  }

  if (!options.history) return;
  for (const level of ['Buildings', 'Floors', 'Spaces', 'Devices'] as const) {
    if (level === 'Devices' && !options.devices) continue;
    app.get<{ Params: { id: string } }>(
      `/api/${level}/:id/HistoricalValues`,
      withPlace(level, 'historical', historicalValues(portfolio, now)),
    );
  }
}

function currentValueRecord(
  point: PointEntry,
  latest: { value: number; timestamp: string },
): Record<string, unknown> {
  const { device, record } = point;
  return {
    id: record.id,
    name: record.name,
    ontologyType: record.type,
    unit: record.unit,
    value: latest.value,
    timestamp: latest.timestamp,
    siteId: device.siteId,
    buildingId: device.buildingId,
    floorId: device.floorId,
    spaceId: device.spaceId,
    deviceId: device.id,
    deviceGroupId: device.deviceGroupId,
    referenceId: `${device.referenceId}-${record.name}`,
    measuredId: record.measuredId,
    context: record.context,
    isWriteable: record.isWriteable,
    source: device.source,
    commissionedStatus: device.commissionedStatus,
    commissionedOn: device.commissionedOn,
    decommissionedOn: device.decommissionedOn,
    metadata: device.metadata,
  };
}
