import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  GraphQLObjectType,
  buildSchema,
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { filterAndPage, type PageArguments } from './filter.ts';
import type { BuildingEntry, FloorEntry, Portfolio } from './portfolio.ts';
import type { SpaceRecord } from './records.ts';
import { supportedApiVersions, unsupportedVersionBody } from './rest-api.ts';

const schemaFolder = path.dirname(fileURLToPath(import.meta.url));
export const schemaPath = path.join(schemaFolder, 'schema.graphql');

/**
 * Which schema the emulator serves: `full` (what the real service shows beyond the contract: ids,
 * areas, root `levels`/`rooms`, filters) or `spec` (only what the interface specification shows).
 */
export type SchemaMode = 'full' | 'spec';
const schemaFiles: Record<SchemaMode, string> = {
  full: schemaPath,
  spec: path.join(schemaFolder, 'schema-spec.graphql'),
};

interface BuildingView {
  id: string;
  name: string | null;
  referenceId: string | null;
  siteId: string;
  organizationId: string;
  area: number;
  entry: BuildingEntry;
}
interface LevelView {
  id: string;
  name: string | null;
  referenceId: string | null;
  buildingId: string;
  area: number;
  index: number;
  floor: FloorEntry;
}

function levelViews(portfolio: Portfolio, entry: BuildingEntry): LevelView[] {
  return portfolio.floorsOf(entry).map((floor, index) => ({
    id: floor.record.id,
    name: floor.record.name,
    referenceId: floor.record.referenceId,
    buildingId: floor.record.buildingId,
    area: floor.record.area,
    index,
    floor,
  }));
}

/**
 * A room as GraphQL shows it, reading through to its record instead of copying it: the search
 * index holds one for each of a large portfolio's 336,000 rooms.
 */
class RoomView {
  constructor(
    private readonly space: SpaceRecord,
    readonly level: LevelView | undefined,
  ) {}
  get id() {
    return this.space.id;
  }
  get name() {
    return this.space.name;
  }
  get referenceId() {
    return this.space.referenceId;
  }
  get buildingId() {
    return this.space.buildingId;
  }
  get levelId() {
    return this.space.floorId;
  }
  get area() {
    return this.space.area;
  }
}

function roomViews(floor: FloorEntry, level?: LevelView): RoomView[] {
  return floor.spaces.map((space) => new RoomView(space, level));
}

function attach(
  schema: GraphQLSchema,
  typeName: string,
  fieldName: string,
  resolve: GraphQLFieldResolver<never, unknown, never>,
): void {
  const type = schema.getType(typeName);
  if (type === undefined) return;
  if (!(type instanceof GraphQLObjectType))
    throw new Error(`${typeName} is not an object type in the emulator's schema`);
  const field = type.getFields()[fieldName];
  // The spec schema has fewer fields: what it does not declare needs no resolver.
  if (!field) return;
  field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
}

export function createPlatformSchema(
  portfolio: Portfolio,
  options: { partialErrors: () => boolean; mode?: SchemaMode },
): GraphQLSchema {
  const schema = buildSchema(readFileSync(schemaFiles[options.mode ?? 'full'], 'utf8'));
  const buildingViews: BuildingView[] = portfolio.buildings.map((entry) => ({
    id: entry.record.id,
    name: entry.record.name,
    referenceId: entry.record.referenceId,
    siteId: entry.record.siteId,
    organizationId: entry.record.organizationId,
    area: entry.record.area,
    entry,
  }));

  attach(schema, 'Query', 'organizations', (_root, args: PageArguments) =>
    filterAndPage(portfolio.organizations, args),
  );
  attach(schema, 'Query', 'sites', (_root, args: PageArguments) =>
    filterAndPage(portfolio.sites, args),
  );
  attach(schema, 'Query', 'buildings', (_root, args: PageArguments) =>
    filterAndPage(buildingViews, args),
  );
  // Every level and room of the portfolio, made once on first use (the portfolio never changes).
  let allLevels: LevelView[] | undefined;
  let allRooms: RoomView[] | undefined;
  const levelsOfPortfolio = () =>
    (allLevels ??= buildingViews.flatMap((view) => levelViews(portfolio, view.entry)));
  const roomsOfPortfolio = () =>
    (allRooms ??= levelsOfPortfolio().flatMap((level) => roomViews(level.floor, level)));
  // Made in the background once the emulator is up, so the first search does not pay for it
  // (about a second on the large profile).
  setTimeout(roomsOfPortfolio, 0).unref?.();
  attach(schema, 'Query', 'levels', (_root, args: PageArguments) =>
    filterAndPage(levelsOfPortfolio(), args),
  );
  attach(schema, 'Query', 'rooms', (_root, args: PageArguments) =>
    filterAndPage(roomsOfPortfolio(), args),
  );
  attach(schema, 'Organization', 'sites', (organization: { id: string }, args: PageArguments) =>
    filterAndPage(
      portfolio.sites.filter((site) => site.organizationId === organization.id),
      args,
    ),
  );
  attach(schema, 'Site', 'buildings', (site: { id: string }, args: PageArguments) =>
    filterAndPage(
      buildingViews.filter((view) => view.siteId === site.id),
      args,
    ),
  );
  attach(schema, 'Building', 'levels', (building: BuildingView, args: PageArguments) =>
    filterAndPage(levelViews(portfolio, building.entry), args),
  );
  attach(schema, 'Building', 'rooms', (building: BuildingView, args: PageArguments) =>
    filterAndPage(
      levelViews(portfolio, building.entry).flatMap((level) => roomViews(level.floor, level)),
      args,
    ),
  );
  attach(schema, 'Level', 'rooms', (level: LevelView, args: PageArguments) => {
    // The partial-data fault: the second level of a building fails, the rest of the answer stands.
    if (options.partialErrors() && level.index === 1) {
      throw new GraphQLError('Rooms of this level are temporarily unavailable.', {
        extensions: { code: 'UPSTREAM_UNAVAILABLE' },
      });
    }
    return filterAndPage(roomViews(level.floor, level), args);
  });
  return schema;
}

/** True for a query text that asks only about the schema (`__schema`, `__type`). */
export function isIntrospectionQuery(query: unknown): boolean {
  if (typeof query !== 'string') return false;
  try {
    return isIntrospectionOnly(parse(query));
  } catch {
    return false;
  }
}

function isIntrospectionOnly(document: DocumentNode): boolean {
  return document.definitions.every(
    (definition) =>
      definition.kind !== 'OperationDefinition' ||
      definition.selectionSet.selections.every(
        (selection) => selection.kind === 'Field' && selection.name.value.startsWith('__'),
      ),
  );
}

function errorsBody(errors: readonly GraphQLError[], code: string) {
  return {
    errors: errors.map((error) => ({
      message: error.message,
      ...(error.locations ? { locations: error.locations } : {}),
      extensions: { code },
    })),
  };
}

/** The token alone (as the spec says) or with "Bearer " (as the vendor's examples send it). */
function tokenFromHeader(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return (match ? match[1] : header)?.trim();
}

export function registerGraphqlApi(
  app: FastifyInstance,
  options: { schema: GraphQLSchema; verifyToken: (token: string) => Promise<boolean> },
): void {
  app.post('/graphql', async (request, reply) => {
    const version = request.headers['x-api-version'];
    if (
      version !== undefined &&
      (typeof version !== 'string' || !supportedApiVersions.includes(version))
    ) {
      return reply.code(400).send(unsupportedVersionBody);
    }
    const contentType = request.headers['content-type'] ?? '';
    const body = request.body as
      { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (
      !contentType.toLowerCase().startsWith('application/json') ||
      typeof body !== 'object' ||
      body === null
    ) {
      return reply
        .code(400)
        .send(
          errorsBody(
            [new GraphQLError('The GraphQL request body must be a JSON object.')],
            'HC0009',
          ),
        );
    }
    if (typeof body.query !== 'string' || body.query.trim() === '') {
      return reply
        .code(400)
        .send(errorsBody([new GraphQLError('The GraphQL request has no query.')], 'HC0009'));
    }
    if (
      body.variables !== undefined &&
      body.variables !== null &&
      (typeof body.variables !== 'object' || Array.isArray(body.variables))
    ) {
      return reply
        .code(400)
        .send(errorsBody([new GraphQLError('Variables must be a JSON object.')], 'HC0009'));
    }
    if (
      body.operationName !== undefined &&
      body.operationName !== null &&
      typeof body.operationName !== 'string'
    ) {
      return reply
        .code(400)
        .send(errorsBody([new GraphQLError('operationName must be a string.')], 'HC0009'));
    }

    let document: DocumentNode;
    try {
      document = parse(body.query, { maxTokens: 20_000 });
    } catch (error) {
      return reply.code(400).send(errorsBody([error as GraphQLError], 'HC0011'));
    }
    // Introspection is answered without a token, like the real service; data needs one.
    if (!isIntrospectionOnly(document)) {
      const token = tokenFromHeader(request);
      if (!token || !(await options.verifyToken(token))) {
        return reply
          .code(401)
          .send(
            errorsBody(
              [new GraphQLError('The current user is not authorized to access this resource.')],
              'AUTH_NOT_AUTHENTICATED',
            ),
          );
      }
    }
    if (
      document.definitions.some(
        (definition) =>
          definition.kind === 'OperationDefinition' && definition.operation !== 'query',
      )
    ) {
      return reply
        .code(400)
        .send(
          errorsBody(
            [
              new GraphQLError(
                'This service reads data only: mutations and subscriptions are not supported.',
              ),
            ],
            'HC0015',
          ),
        );
    }
    const validationErrors = validate(options.schema, document, specifiedRules);
    if (validationErrors.length > 0) {
      return reply.code(400).send(errorsBody(validationErrors, 'HC0020'));
    }
    const result = await execute({
      schema: options.schema,
      document,
      variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: (body.operationName ?? undefined) as string | undefined,
    });
    // Variable coercion errors and similar come back without data: a bad request, not a partial answer.
    const status = result.data === undefined ? 400 : 200;
    return reply.code(status).send({
      ...(result.errors
        ? {
            errors: result.errors.map((error) => ({
              ...error.toJSON(),
              extensions: { code: 'EXEC_ERROR', ...error.extensions },
            })),
          }
        : {}),
      ...(result.data !== undefined ? { data: result.data } : {}),
    });
  });
}
