import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  historicalValues,
  historyDayMs,
  maximumHistoryDays,
  type HistoryPlaceLevel,
} from './history-series.ts';
import type { Portfolio } from './portfolio.ts';
import type { BuildingRecord } from './records.ts';

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

function parseHistoryRange(query: unknown): { from: number; to: number } | string[] {
  const raw = lowerCaseKeys(query);
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

export function registerRestApi(
  app: FastifyInstance,
  options: { portfolio: Portfolio; hasValidToken: TokenCheck; history: boolean },
): void {
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
      if (!building) {
        return reply
          .code(404)
          .send([`Building with id '${request.params.buildingId}' was not found.`]);
      }
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

  if (!options.history) return;
  const places: Record<HistoryPlaceLevel, (id: string) => unknown> = {
    Buildings: (id) => portfolio.buildingById(id),
    Floors: (id) => portfolio.floorById(id),
    Spaces: (id) => portfolio.spaceById(id),
  };
  for (const [level, find] of Object.entries(places) as Array<
    [HistoryPlaceLevel, (id: string) => unknown]
  >) {
    app.get<{ Params: { id: string } }>(`/api/${level}/:id/HistoricalValues`, (request, reply) => {
      const id = request.params.id.toLowerCase();
      if (!find(id)) {
        const what = { Buildings: 'Building', Floors: 'Floor', Spaces: 'Space' }[level];
        return reply.code(404).send([`${what} with id '${request.params.id}' was not found.`]);
      }
      const range = parseHistoryRange(request.query);
      if (Array.isArray(range)) return reply.code(400).send(range);
      return reply.send(historicalValues(level, id, range));
    });
  }
}
