import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceEntry, PointEntry } from './devices.ts';
import {
  historyDayMs,
  historyPage,
  latestReading,
  maximumHistoryDays,
  type HistoricalValue,
} from './history-series.ts';
import { hashSeed } from './random.ts';
import type { FloorEntry, Portfolio } from './portfolio.ts';
import type { BuildingRecord, SpaceRecord } from './records.ts';

export const supportedApiVersions = ['2.0', '3.0'];
export const unsupportedVersionBody = ['Unsupported API Version was requested'];
const defaultTake = 1000;
const maximumTake = 5000;

export type TokenCheck = (request: FastifyRequest) => Promise<boolean>;

interface ListParameters {
  take: number;
  skip: number;
  siteId?: string | undefined;
  includeCounts: boolean;
}

/** Query parameter names are case-insensitive on the real service (ASP.NET model binding). */
function lowerCaseKeys(query: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    result[key.toLowerCase()] = Array.isArray(value) ? String(value[0]) : String(value);
  }
  return result;
}

function parseListParameters(query: unknown): ListParameters | string[] {
  const raw = lowerCaseKeys(query);
  const errors: string[] = [];
  const integer = (name: 'take' | 'skip', fallback: number): number => {
    const value = raw[name];
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) {
      errors.push(`The value '${value}' is not valid for ${name}.`);
      return fallback;
    }
    const parsed = Number(value);
    if (parsed < 0) errors.push(`'${name}' must be greater than or equal to 0.`);
    return parsed;
  };
  const take = integer('take', defaultTake);
  const skip = integer('skip', 0);
  if (take > maximumTake) errors.push(`'take' must be less than or equal to ${maximumTake}.`);
  let includeCounts = false;
  if (raw.includecounts !== undefined) {
    const value = raw.includecounts.toLowerCase();
    if (value !== 'true' && value !== 'false')
      errors.push(`The value '${raw.includecounts}' is not valid for includeCounts.`);
    includeCounts = value === 'true';
  }
  if (errors.length > 0) return errors;
  return { take, skip, siteId: raw.siteid, includeCounts };
}

function sendPage<T>(
  reply: FastifyReply,
  items: readonly T[],
  parameters: ListParameters,
): FastifyReply {
  return reply
    .header('x-total-count', String(items.length))
    .send(items.slice(parameters.skip, parameters.skip + parameters.take));
}

/** The platform's 404 for a building id it does not know: an array of messages. */
const buildingNotFound = (reply: FastifyReply, id: string) =>
  reply.code(404).send([`Building with id '${id}' was not found.`]);

function withoutCounts(record: BuildingRecord): BuildingRecord {
  return {
    ...record,
    deviceCount: 0,
    measurementCount: 0,
    includesDeviceAndMeasurementCounts: false,
  };
}

/** The spec's historical-data timestamp, `YYYY-MM-DDTHH:mm:ss.SSS000Z`, read strictly. */
export function parseHistoryTimestamp(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}000Z$/.test(text)) return undefined;
  const milliseconds = `${text.slice(0, 23)}Z`;
  const time = Date.parse(milliseconds);
  // Date.parse accepts 30 February; a real date writes back the same.
  if (Number.isNaN(time) || new Date(time).toISOString() !== milliseconds) return undefined;
  return time;
}

/** Parameter names the emulator's history endpoints take (Storey's defaults for a real platform). */
export const historyParameters = { from: 'starttime', to: 'endtime' } as const;

function parseHistoryRange(raw: Record<string, string>): { from: number; to: number } | string[] {
  const errors: string[] = [];
  const read = (key: string, name: string): number | undefined => {
    const value = raw[key];
    if (value === undefined) {
      errors.push(`The ${name} field is required.`);
      return undefined;
    }
    const time = parseHistoryTimestamp(value);
    if (time === undefined)
      errors.push(
        `The value '${value}' is not valid for ${name}. Use the format yyyy-MM-ddTHH:mm:ss.fff000Z (UTC).`,
      );
    return time;
  };
  const from = read(historyParameters.from, 'startTime');
  const to = read(historyParameters.to, 'endTime');
  if (from !== undefined && to !== undefined) {
    if (to <= from) errors.push('endTime must be later than startTime.');
    else if (to - from > maximumHistoryDays * historyDayMs)
      errors.push(`The requested period must not exceed ${maximumHistoryDays} days.`);
  }
  if (errors.length > 0 || from === undefined || to === undefined) return errors;
  return { from, to };
}

export interface RestApiOptions {
  portfolio: Portfolio;
  hasValidToken: TokenCheck;
  /** Historical values at all (EMULATOR_HISTORY); off answers 404, as a platform without them. */
  history: boolean;
  /** Devices and current values at all (off in the spec-only mode). */
  devices: boolean;
  /** A building's spaces with their types (`/api/Buildings/{id}/Spaces`; default `devices`). */
  spaceLists?: boolean | undefined;
  /** The API types this credential is enabled for (EMULATOR_API_TYPES; default all). */
  apiTypes?: readonly ApiType[] | undefined;
  /** The emulator's time: current values and the end of history (default: the system clock). */
  now?: (() => number) | undefined;
}

export function registerRestApi(app: FastifyInstance, options: RestApiOptions): void {
  const { portfolio } = options;

  // Authentication runs before versioning and routing, as it does in front of the real service.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.toLowerCase().startsWith('/api/')) return;
    if (!(await options.hasValidToken(request))) {
      return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send();
    }
    const version = request.headers['x-api-version'];
    if (typeof version !== 'string' || !supportedApiVersions.includes(version)) {
      return reply.code(400).send(unsupportedVersionBody);
    }
  });

  const list =
    <Q>(
      handler: (
        parameters: ListParameters,
        request: FastifyRequest<{ Params: Q }>,
        reply: FastifyReply,
      ) => unknown,
    ) =>
    async (request: FastifyRequest<{ Params: Q }>, reply: FastifyReply) => {
      const parameters = parseListParameters(request.query);
      if (Array.isArray(parameters)) return reply.code(400).send(parameters);
      return handler(parameters, request, reply);
    };

  app.get(
    '/api/Organizations',
    list((parameters, _request, reply) => sendPage(reply, portfolio.organizations, parameters)),
  );

  app.get(
    '/api/Sites',
    list((parameters, _request, reply) => sendPage(reply, portfolio.sites, parameters)),
  );

  app.get(
    '/api/Buildings',
    list((parameters, _request, reply) => {
      let entries = portfolio.buildings;
      if (parameters.siteId !== undefined)
        entries = entries.filter((entry) => entry.record.siteId === parameters.siteId);
      const records = entries.map((entry) =>
        parameters.includeCounts ? entry.record : withoutCounts(entry.record),
      );
      return sendPage(reply, records, parameters);
    }),
  );

  app.get<{ Params: { buildingId: string } }>(
    '/api/Buildings/:buildingId/Floors',
    list<{ buildingId: string }>((parameters, request, reply) => {
      const building = portfolio.buildingById(request.params.buildingId.toLowerCase());
      if (!building) return buildingNotFound(reply, request.params.buildingId);
      return sendPage(
        reply,
        portfolio.floorsOf(building).map((floor) => floor.record),
        parameters,
      );
    }),
  );

  app.get<{ Params: { floorId: string } }>(
    '/api/Floors/:floorId/Spaces',
    list<{ floorId: string }>((parameters, request, reply) => {
      const floor = portfolio.floorById(request.params.floorId.toLowerCase());
      if (!floor)
        return reply.code(404).send([`Floor with id '${request.params.floorId}' was not found.`]);
      return sendPage(reply, floor.spaces, parameters);
    }),
  );

  // A building's spaces with their types (field notes): beyond the spec, so the spec-only
  // platform has none, as it has no devices.
  if (options.spaceLists ?? options.devices)
    app.get<{ Params: { buildingId: string } }>(
      '/api/Buildings/:buildingId/Spaces',
      list<{ buildingId: string }>((parameters, request, reply) => {
        const building = portfolio.buildingById(request.params.buildingId.toLowerCase());
        if (!building) return buildingNotFound(reply, request.params.buildingId);
        const floors = portfolio.floorsOf(building);
        // Only the page's spaces are copied (a 20,000-room tower's spaces are many).
        const spaces: SpaceRecord[] = [];
        let seen = 0;
        for (const floor of floors) {
          if (spaces.length >= parameters.take) break;
          const count = floor.spaces.length;
          if (seen + count <= parameters.skip) {
            seen += count;
            continue;
          }
          for (const space of floor.spaces) {
            if (seen++ >= parameters.skip && spaces.length < parameters.take) spaces.push(space);
          }
        }
        const total = floors.reduce((sum, floor) => sum + floor.spaces.length, 0);
        return reply.header('x-total-count', String(total)).send(spaces);
      }),
    );

  registerDeviceApis(app, options);
}

/** The API types a credential can be enabled for (field notes): each off answers 403. */
export const apiTypes = ['current-value', 'historical'] as const;
export type ApiType = (typeof apiTypes)[number];
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

/**
 * Devices, current values and historical values (beyond the spec; field notes). History needs the
 * Historical API type and current values the Current Value API type; devices need neither.
 */
function registerDeviceApis(app: FastifyInstance, options: RestApiOptions): void {
  const { portfolio } = options;
  const now = options.now ?? Date.now;
  const enabled = new Set(options.apiTypes ?? apiTypes);

  const withPlace =
    (
      level: PlaceLevel,
      apiType: ApiType | undefined,
      handler: (place: Place, request: FastifyRequest, reply: FastifyReply) => unknown,
    ) =>
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

  if (options.devices) {
    for (const level of ['Buildings', 'Floors', 'Spaces'] as const) {
      app.get<{ Params: { id: string } }>(
        `/api/${level}/:id/Devices`,
        withPlace(level, undefined, (place, request, reply) => {
          const parameters = parseListParameters(request.query);
          if (Array.isArray(parameters)) return reply.code(400).send(parameters);
          if (place.floors) {
            const total = place.floors.reduce((sum, floor) => sum + floor.record.deviceCount, 0);
            const end = parameters.skip + parameters.take;
            const records: unknown[] = [];
            let start = 0;
            for (const floor of place.floors) {
              if (start >= end) break;
              const next = start + floor.record.deviceCount;
              if (next > parameters.skip)
                for (const [index, device] of portfolio.devicesOf(floor).entries())
                  if (start + index >= parameters.skip && start + index < end)
                    records.push(device.record);
              start = next;
            }
            return reply.header('x-total-count', String(total)).send(records);
          }
          return sendPage(
            reply,
            place.devices.map((device) => device.record),
            parameters,
          );
        }),
      );
    }
    app.get<{ Params: { id: string } }>(
      '/api/Devices/:id',
      withPlace('Devices', undefined, (place, _request, reply) =>
        reply.send(place.devices[0]!.record),
      ),
    );
    for (const level of ['Buildings', 'Floors', 'Spaces', 'Devices'] as const) {
      app.get<{ Params: { id: string } }>(
        `/api/${level}/:id/MeasurementValues`,
        withPlace(level, 'current-value', (place, request, reply) => {
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
        }),
      );
    }
  }

  if (!options.history) return;
  for (const level of ['Buildings', 'Floors', 'Spaces', 'Devices'] as const) {
    if (level === 'Devices' && !options.devices) continue;
    app.get<{ Params: { id: string } }>(
      `/api/${level}/:id/HistoricalValues`,
      withPlace(level, 'historical', (place, request, reply) => {
        const raw = lowerCaseKeys(request.query);
        const range = parseHistoryRange(raw);
        const parameters = parseListParameters(
          Object.fromEntries(
            Object.entries(raw).filter(([key]) => key === 'take' || key === 'skip'),
          ),
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
        if (next < page.total) {
          const link = (skip: number, rel: string) => {
            const query = new URLSearchParams(
              Object.fromEntries(
                Object.entries(request.query as Record<string, string>).filter(
                  ([key]) => !['take', 'skip'].includes(key.toLowerCase()),
                ),
              ),
            );
            query.set('take', String(parameters.take));
            query.set('skip', String(skip));
            return `<${request.url.split('?')[0]}?${query.toString()}>; rel="${rel}"`;
          };
          reply.header('link', [link(0, 'first'), link(next, 'next')].join(', '));
        }
        return reply.send(page.values);
      }),
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
