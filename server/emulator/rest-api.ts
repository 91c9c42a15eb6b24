import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BuildingRecord, SpaceRecord } from './records.ts';
import { registerDeviceApis } from './device-api.ts';
import {
  parseListParameters,
  sendPage,
  supportedApiVersions,
  unsupportedVersionBody,
  type ListParameters,
  type RestApiOptions,
} from './rest-parameters.ts';

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

type Portfolio = RestApiOptions['portfolio'];

/** A list route: its paging parameters checked (400 with the platform's messages) first. */
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

/** A page of a building's spaces: only the page's spaces are copied (a tower's are many). */
function buildingSpacesPage(portfolio: Portfolio) {
  return list<{ buildingId: string }>((parameters, request, reply) => {
    const building = portfolio.buildingById(request.params.buildingId.toLowerCase());
    if (!building) return buildingNotFound(reply, request.params.buildingId);
    const floors = portfolio.floorsOf(building);
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
  });
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
      buildingSpacesPage(portfolio),
    );

  registerDeviceApis(app, options);
}
