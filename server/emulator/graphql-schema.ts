import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GraphQLError,
  GraphQLObjectType,
  buildSchema,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { filterAndPage, matchesFilter, type PageArguments } from './filter.ts';
import type { BuildingEntry, FloorEntry, Portfolio } from './portfolio.ts';

/**
 * The emulator's GraphQL schema (schema.graphql, or the spec's alone) with resolvers over the
 * seeded portfolio: buildings, levels and rooms as the real service answers them.
 */

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
/**
 * A level as GraphQL shows it. Its floor's rooms are made when asked for (`floor`), so the root
 * list of a large portfolio's 45,000 levels keeps none of them.
 */
class LevelView {
  constructor(
    private readonly portfolio: Portfolio,
    private readonly entry: BuildingEntry,
    readonly index: number,
    readonly id: string,
    readonly name: string | null,
    readonly area: number,
  ) {}
  get referenceId() {
    return this.name === null ? null : `Level-${this.index}`;
  }
  get buildingId() {
    return this.entry.record.id;
  }
  get floor(): FloorEntry {
    return this.portfolio.floorsOf(this.entry)[this.index]!;
  }
}

function levelViews(portfolio: Portfolio, entry: BuildingEntry): LevelView[] {
  return portfolio
    .floorsOf(entry)
    .map(
      (floor, index) =>
        new LevelView(
          portfolio,
          entry,
          index,
          floor.record.id,
          floor.record.name,
          floor.record.area,
        ),
    );
}

/** A room as GraphQL shows it: from its record, or from the catalogue for the root list. */
interface RoomView {
  id: string;
  name: string | null;
  referenceId: string | null;
  buildingId: string;
  levelId: string;
  area: number;
  level: LevelView | undefined;
}

function roomViews(floor: FloorEntry, level?: LevelView): RoomView[] {
  return floor.spaces.map((space) => ({
    id: space.id,
    name: space.name,
    referenceId: space.referenceId,
    buildingId: space.buildingId,
    levelId: space.floorId,
    area: space.area,
    level,
  }));
}

/**
 * A page of the portfolio's `count` items in order, made one by one by `view`: only the page is
 * kept, whether a filter is given or not.
 */
function pageOfMany<T extends object>(
  count: number,
  view: (index: number) => T,
  args: PageArguments,
): T[] {
  if ((args.take ?? 0) < 0 || (args.skip ?? 0) < 0) {
    throw new Error('take and skip must not be negative.');
  }
  const skip = args.skip ?? 0;
  const end = args.take === null || args.take === undefined ? Infinity : skip + args.take;
  const page: T[] = [];
  let matched = 0;
  for (let index = 0; index < count && matched < end; index++) {
    if (!args.where && matched < skip) {
      // Unfiltered: jump to the page.
      index = skip - 1;
      matched = skip;
      continue;
    }
    const item = view(index);
    if (args.where && !matchesFilter(item as Record<string, unknown>, args.where)) continue;
    if (matched >= skip) page.push(item);
    matched += 1;
  }
  return page;
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

/**
 * The root lists' levels and rooms, read from the portfolio's catalogue: the levels made once, in
 * the background once the emulator is up, so the first search does not pay for them (about a
 * second on the large profile).
 */
function catalogueViews(portfolio: Portfolio) {
  let rootLevels: LevelView[] | undefined;
  const levelsOfPortfolio = () => {
    if (rootLevels) return rootLevels;
    const { floors } = portfolio.catalogue();
    rootLevels = floors.id.map(
      (id, f) =>
        new LevelView(
          portfolio,
          portfolio.buildings[floors.building[f]!]!,
          floors.level[f]!,
          id,
          floors.name[f] ?? null,
          floors.area[f]!,
        ),
    );
    return rootLevels;
  };
  setTimeout(levelsOfPortfolio, 0).unref?.();
  const catalogueRoom = (r: number): RoomView => {
    const { floors, rooms } = portfolio.catalogue();
    const f = rooms.floor[r]!;
    const level = levelsOfPortfolio()[f]!;
    return {
      id: rooms.id[r]!,
      name: rooms.name[r]!,
      referenceId: `L${floors.level[f]!}-R${r - floors.firstRoom[f]!}`,
      buildingId: level.buildingId,
      levelId: level.id,
      area: rooms.area[r]!,
      level,
    };
  };
  return { levelsOfPortfolio, catalogueRoom };
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
  const { levelsOfPortfolio, catalogueRoom } = catalogueViews(portfolio);
  attach(schema, 'Query', 'levels', (_root, args: PageArguments) =>
    filterAndPage(levelsOfPortfolio(), args),
  );
  attach(schema, 'Query', 'rooms', (_root, args: PageArguments) =>
    pageOfMany(portfolio.catalogue().rooms.count, catalogueRoom, args),
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
