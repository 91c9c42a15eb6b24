/**
 * The emulator's seeded portfolio: organizations, sites, buildings, floors, rooms and devices
 * made from one seed, the same on every run and machine. One file on purpose (over 400 lines):
 * every record is drawn from the seed in a fixed order, so a building's rooms and devices are
 * the same whoever asks first; split, that order would be spread over modules that must not
 * change it. Large profiles make rooms again from their seed when asked (docs/emulator.md).
 */
import {
  countsOf,
  devicesOfRoom,
  equipmentOfRoom,
  type DeviceEntry,
  type EquipmentKind,
} from './devices.ts';
import { createRandom, hashSeed, type Random } from './random.ts';
import type {
  BuildingRecord,
  FloorRecord,
  MetadataEntry,
  OrganizationRecord,
  SiteRecord,
  SpaceRecord,
} from './records.ts';

export interface PortfolioOptions {
  seed: string;
  buildings: number;
  towerLevels: number;
  towerRoomsPerLevel: number;
}

export const portfolioProfiles = {
  default: { buildings: 24, towerLevels: 60, towerRoomsPerLevel: 12 },
  large: { buildings: 10_000, towerLevels: 200, towerRoomsPerLevel: 100 },
} as const;

export type PortfolioProfile = keyof typeof portfolioProfiles;

/** A building with the device and measurement counts kept apart from what REST shows without includeCounts. */
export interface BuildingEntry {
  index: number;
  record: BuildingRecord;
  /** Rooms per floor, decided up front so counts are known without generating every room. */
  roomsPerFloor: number[];
}

export interface FloorEntry {
  record: FloorRecord;
  spaces: SpaceRecord[];
  /** The equipment of each room, in the order of `spaces`: the devices are made from it on first use. */
  equipment: EquipmentKind[][];
}

export interface Portfolio {
  options: PortfolioOptions;
  organizations: OrganizationRecord[];
  sites: SiteRecord[];
  buildings: BuildingEntry[];
  buildingById(id: string): BuildingEntry | undefined;
  floorsOf(building: BuildingEntry): FloorEntry[];
  floorById(id: string): FloorEntry | undefined;
  spaceById(id: string): SpaceRecord | undefined;
  /** Every floor and room of the portfolio in a compact form: root GraphQL lists and lookups. */
  catalogue(): Catalogue;
  /** The devices placed on a floor, room by room, made on first use. */
  devicesOf(floor: FloorEntry): DeviceEntry[];
  deviceById(id: string): DeviceEntry | undefined;
  /** Days of history the site keeps (its `timeSeriesRetentionSpan`). */
  retentionDaysOf(siteId: string): number;
}

/**
 * Every floor and room in building order, as ids, names and numbers only: a large portfolio's
 * 336,000 rooms as full records took 180 MB, and their devices 840 MB more. Records are made
 * again from the building's seed when asked for (`floorsOf`).
 */
export interface Catalogue {
  floors: {
    count: number;
    id: string[];
    name: Array<string | null>;
    /** Index into `Portfolio.buildings`. */
    building: Int32Array;
    /** Position in its building. */
    level: Int32Array;
    area: Float64Array;
    /** The catalogue index of its first room; its rooms follow in order. */
    firstRoom: Int32Array;
  };
  rooms: {
    count: number;
    id: string[];
    name: string[];
    area: Float64Array;
    /** Index into `floors`. */
    floor: Int32Array;
  };
}

/**
 * Rooms whose full records (and devices, made with them) are kept at once: whole buildings, the
 * 20,000-room tower among them; the default portfolio fits whole.
 */
const roomsKept = 25_000;

/** Index of the tall tower; the other special cases sit at fixed indexes so tests can rely on them. */
export const specialBuildings = {
  tower: 0,
  duplicateNameA: 1,
  duplicateNameB: 8,
  zeroArea: 2,
  countsNotIncluded: 3,
  noFloors: 5,
  nullFloorName: 6,
  nullReferenceId: 9,
  /** Its main meter hangs now and then (history-series.ts `stuckSince`). */
  stuckMeter: 7,
} as const;

export const duplicateBuildingName = 'Harbour View';

/**
 * The metadata of every generated room: none. One frozen array for all of them (a large portfolio
 * has 336,000 rooms); nothing writes to it, and anything that tried would throw.
 */
const noMetadata = Object.freeze([]) as unknown as MetadataEntry[];

/** Master-data problems planted at known rates (docs/emulator.md), at most one per building. */
export const plantedProblemKinds = [
  /** The name is blank (spaces only). */
  'blankName',
  /** Named like another (unplanted) building of the same site. */
  'sameNameInSite',
  /** An area far too small for its floors (under 5 m² a floor). */
  'tinyArea',
  /** Its floors' areas add up to a quarter more than the building's. */
  'floorAreasOff',
  /** The record counts three spaces more than its floors hold. */
  'spaceCountOff',
  /** The record counts one floor more than the platform lists. */
  'floorCountOff',
] as const;
export type PlantedProblem = (typeof plantedProblemKinds)[number];

/** Every kind once in a stretch of this many buildings (at offsets 13, 17, 19, 21, 22, 23). */
const plantingPeriod = 97;
const plantingOffsets: Record<PlantedProblem, number> = {
  blankName: 13,
  sameNameInSite: 17,
  tinyArea: 19,
  floorAreasOff: 21,
  spaceCountOff: 22,
  floorCountOff: 23,
};

/**
 * Which problem (if any) is planted in the building at `index`, so the dashboard's data-quality
 * rules can be tested to the exact count. Specials (indices 0-9) keep their own problems.
 */
export function plantedProblemAt(index: number): PlantedProblem | undefined {
  return plantedProblemKinds.find((kind) => index % plantingPeriod === plantingOffsets[kind]);
}

const organizationNames = [
  'Nordlys Eiendom AS',
  "Société Immobilière d'Azur",
  'Keystone "Prime" Properties',
  'Grünwald Liegenschaften GmbH',
  'Ōsaka Bay Estates',
];

const buildingNames = [
  'Skyline Tower',
  duplicateBuildingName,
  'Østre Kai 12',
  'Bâtiment «Étoile»',
  'The "Foundry"',
  'Annex (empty shell)',
  'Müllerstraße 7',
  'Łódź Office Park',
  'Ålesund Depot',
  'Café Noir Building',
  'Señora Plaza',
  "St. Mary's Clinic",
  'Zürich West Campus',
  'Kraków Hub',
  'Nørrebro Lofts',
  'Göteborg Yard',
];

const cities = [
  ['Oslo', null, 'Norway', '0150', 'Europe/Oslo'],
  ['Nice', "Provence-Alpes-Côte d'Azur", 'France', '06000', 'Europe/Paris'],
  ['London', null, 'United Kingdom', 'EC1A 1BB', 'Europe/London'],
  ['München', 'Bayern', 'Germany', '80331', 'Europe/Berlin'],
  ['Ōsaka', null, 'Japan', '530-0001', 'Asia/Tokyo'],
  ['Austin', 'TX', 'United States', '78701', 'America/Chicago'],
] as const;

const roomNames = [
  'Meeting room',
  'Open office',
  'Kitchen',
  'Bathroom',
  'Storage',
  'Server room',
  'Møterom «Fjord»',
  'Salle de réunion',
  'Reception',
  'Quiet room',
];

const ontologyTypes = ['Office', 'MeetingRoom', 'Bathroom', 'Kitchen', 'Storage', 'Corridor'];

/** A room's type follows its name, as in real data (the drawn type stands for unknown names). */
const typeByName: Array<[string, string, number]> = [
  // name prefix, ontology type, relative size
  ['Meeting room', 'MeetingRoom', 1],
  ['Møterom', 'MeetingRoom', 1],
  ['Salle de réunion', 'MeetingRoom', 1],
  ['Open office', 'Office', 2.5],
  ['Quiet room', 'Office', 0.6],
  ['Kitchen', 'Kitchen', 0.8],
  ['Bathroom', 'Bathroom', 0.4],
  ['Storage', 'Storage', 0.5],
  ['Server room', 'ServerRoom', 0.7],
  ['Reception', 'Reception', 1.4],
];
const typeOf = (name: string, drawn: string): [string, number] => {
  const match = typeByName.find(([prefix]) => name.startsWith(prefix));
  return match ? [match[1], match[2]] : [drawn, 1];
};

function metadataFor(random: Random): MetadataEntry[] {
  if (random.chance(0.3)) return [];
  const entries: MetadataEntry[] = [
    { name: 'location', value: random.pick(['north wing', 'south wing', 'east side', 'centre']) },
  ];
  if (random.chance(0.5))
    entries.push({ name: 'yearBuilt', value: String(random.int(1890, 2024)) });
  if (random.chance(0.3))
    entries.push({ name: 'energyLabel', value: random.pick(['A', 'B', 'C', 'D']) });
  return entries;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
}

export function resolvePortfolioOptions(input: {
  seed?: string | undefined;
  buildings?: number | undefined;
  profile?: PortfolioProfile | undefined;
}): PortfolioOptions {
  const profile = portfolioProfiles[input.profile ?? 'default'];
  return {
    seed: input.seed ?? 'storey',
    buildings: input.buildings ?? profile.buildings,
    towerLevels: profile.towerLevels,
    towerRoomsPerLevel: profile.towerRoomsPerLevel,
  };
}

/**
 * The portfolio of `options`, drawn from its seed in this order: organizations, sites, buildings
 * (then the problems planted in them); floors, rooms and devices per building on first use.
 */
export function generatePortfolio(options: PortfolioOptions): Portfolio {
  const random = createRandom(options.seed);
  const siteCount = Math.max(6, Math.ceil(options.buildings / 50));
  const organizationCount = Math.max(3, Math.ceil(siteCount / 10));
  const organizations = Array.from({ length: organizationCount }, (_, index) =>
    drawOrganization(random, index),
  );
  const sites = Array.from({ length: siteCount }, (_, index) =>
    drawSite(random, index, organizations[index % organizationCount]!),
  );
  const buildings: BuildingEntry[] = [];
  for (let index = 0; index < options.buildings; index++) {
    // Site i of a building makes sure the two buildings with the same name land in different sites.
    const site = sites[index % siteCount]!;
    const organization = organizations.find((candidate) => candidate.id === site.organizationId)!;
    buildings.push(drawBuilding(random, options, index, site, organization));
    site.buildingCount += 1;
  }
  plantProblems(buildings, siteCount);
  for (const site of sites)
    site.area = round1(
      buildings
        .filter((entry) => entry.record.siteId === site.id)
        .reduce((sum, entry) => sum + entry.record.area, 0),
    );
  sites.push(emptySite(siteCount, organizations[0]!));
  return portfolioLookups(options, organizations, sites, buildings);
}

function drawOrganization(random: Random, index: number): OrganizationRecord {
  const lap = Math.floor(index / organizationNames.length);
  return {
    id: random.guid(),
    name: `${organizationNames[index % organizationNames.length]}${lap > 0 ? ` ${lap + 1}` : ''}`,
    metadata: [],
  };
}

function drawSite(random: Random, index: number, organization: OrganizationRecord): SiteRecord {
  const [city, state, country, postalCode, timezone] = cities[index % cities.length]!;
  return {
    id: String(100_000 + index * 7 + random.int(0, 6)),
    name: `${city} ${['Campus', 'Park', 'Quarter', 'Centre'][index % 4]}${index >= cities.length ? ` ${index + 1}` : ''}`,
    organizationId: organization.id,
    area: 0,
    buildingCount: 0,
    address: `${random.int(1, 250)} ${random.pick(['Harbour Road', 'Rue de la Paix', 'Hauptstraße', 'Kirkegata'])}`,
    city,
    state,
    country,
    postalCode,
    timezone,
    // Thirteen months on most sites, 30 days (the vendor's example) on every third from site 1:
    // the dashboard must offer no range the site no longer keeps.
    timeSeriesRetentionSpan: index % 3 === 1 ? '30.00:00:00' : '396.00:00:00',
    metadata: metadataFor(random),
  };
}

/** One site with no buildings at all, as real portfolios have. */
function emptySite(siteCount: number, organization: OrganizationRecord): SiteRecord {
  const [city, state, country, postalCode, timezone] = cities[siteCount % cities.length]!;
  return {
    id: String(100_000 + siteCount * 7 + 3),
    name: `${city} Annex`,
    organizationId: organization.id,
    area: 0,
    buildingCount: 0,
    address: '1 Harbour Road',
    city,
    state,
    country,
    postalCode,
    timezone,
    timeSeriesRetentionSpan: '30.00:00:00',
    metadata: [],
  };
}

function drawRoomsPerFloor(random: Random, options: PortfolioOptions, index: number): number[] {
  if (index === specialBuildings.tower)
    return Array.from({ length: options.towerLevels }, () => options.towerRoomsPerLevel);
  if (index === specialBuildings.noFloors) return [];
  return Array.from(
    { length: random.int(index === specialBuildings.nullFloorName ? 2 : 1, 8) },
    () => random.int(0, 14),
  );
}

function buildingName(index: number): string {
  const duplicate =
    index === specialBuildings.duplicateNameA || index === specialBuildings.duplicateNameB;
  if (duplicate) return duplicateBuildingName;
  const baseName = buildingNames[index % buildingNames.length]!;
  return index < buildingNames.length
    ? baseName
    : `${baseName} ${Math.floor(index / buildingNames.length) + 1}`;
}

function drawBuilding(
  random: Random,
  options: PortfolioOptions,
  index: number,
  site: SiteRecord,
  organization: OrganizationRecord,
): BuildingEntry {
  const roomsPerFloor = drawRoomsPerFloor(random, options, index);
  const name = buildingName(index);
  const area =
    index === specialBuildings.zeroArea || (index > 10 && random.chance(0.08))
      ? 0
      : round1(random.int(400, 60_000) + random.next());
  const countsIncluded = index !== specialBuildings.countsNotIncluded && !random.chance(0.1);
  // Drawn as before devices were modelled, so every later draw (and so every seeded portfolio)
  // stays the same; only a building without floors keeps the number, as devices the platform
  // counts in places this credential cannot see (field notes, spatial rule).
  const drawnDevices = countsIncluded ? random.int(0, 400) : 0;
  const drawnMeasurements = countsIncluded ? drawnDevices * random.int(1, 6) : 0;
  const placed = { devices: 0, measurements: 0 };
  roomsPerFloor.forEach((rooms, level) => {
    for (let room = 0; room < rooms; room++) {
      const counts = countsOf(equipmentOfRoom(options.seed, index, level, room));
      placed.devices += counts.devices;
      placed.measurements += counts.measurements;
    }
  });
  const placedOrDrawn =
    roomsPerFloor.length === 0
      ? { devices: drawnDevices, measurements: drawnMeasurements }
      : placed;
  return {
    index,
    roomsPerFloor,
    record: {
      id: random.guid(),
      name,
      referenceId: index === specialBuildings.nullReferenceId ? null : `${slug(name)}-${index}`,
      organizationId: organization.id,
      organizationName: organization.name,
      siteId: site.id,
      floorCount: roomsPerFloor.length,
      spaceCount: roomsPerFloor.reduce((sum, rooms) => sum + rooms, 0),
      deviceCount: countsIncluded ? placedOrDrawn.devices : 0,
      measurementCount: countsIncluded ? placedOrDrawn.measurements : 0,
      includesDeviceAndMeasurementCounts: countsIncluded,
      area,
      metadata: metadataFor(random),
    },
  };
}

/** The master-data problems of `plantedProblemAt`, written into the buildings' records. */
function plantProblems(buildings: BuildingEntry[], siteCount: number): void {
  for (const entry of buildings) {
    const { index, record } = entry;
    const floors = entry.roomsPerFloor.length;
    switch (plantedProblemAt(index)) {
      case 'blankName':
        record.name = '   ';
        break;
      case 'sameNameInSite':
        // The building one lap of sites earlier is on the same site, and never itself planted.
        if (index >= siteCount) record.name = buildings[index - siteCount]!.record.name;
        break;
      case 'tinyArea':
        if (floors > 0) record.area = round1(2 * floors);
        break;
      case 'spaceCountOff':
        record.spaceCount += 3;
        break;
      case 'floorCountOff':
        record.floorCount += 1;
        break;
      default:
        break;
    }
  }
}

/** A floor as its building's seed draws it, before any record is made. */
interface DrawnFloor {
  level: number;
  floorId: string;
  floorName: string | null;
  perFloorArea: number;
  names: string[];
  ids: string[];
  types: string[];
  areas: number[];
  commissioned: boolean[];
}

/**
 * What a building's seed draws for its floors, in the order it draws it: the records below and
 * the catalogue read the same draws (the catalogue without making a record per room).
 */
function drawFloors(seed: string, building: BuildingEntry): DrawnFloor[] {
  const local = createRandom(hashSeed(`${seed}:${building.index}`));
  const floorsBuilt = building.roomsPerFloor.length;
  const areaFactor = plantedProblemAt(building.index) === 'floorAreasOff' ? 1.25 : 1;
  const perFloorArea =
    floorsBuilt > 0 ? round1((building.record.area * areaFactor) / floorsBuilt) : 0;
  return building.roomsPerFloor.map((rooms, level) => {
    const floorId = local.guid();
    const floorName =
      building.index === specialBuildings.nullFloorName && level === 1 ? null : `Level ${level}`;
    const drawn = { names: [] as string[], ids: [] as string[], types: [] as string[] };
    const sizes: number[] = [];
    const commissioned: boolean[] = [];
    for (let room = 0; room < rooms; room++) {
      // Every level with two or more rooms has two called "Meeting room", as real data does.
      const roomName =
        room < 2 && rooms >= 2
          ? 'Meeting room'
          : [local.pick(roomNames), ' ', level, '.', String(room).padStart(2, '0')].join('');
      drawn.names.push(roomName);
      drawn.ids.push(local.guid());
      const [ontologyType, size] = typeOf(roomName, local.pick(ontologyTypes));
      drawn.types.push(ontologyType);
      sizes.push(size);
      commissioned.push(local.chance(0.9));
    }
    // Rooms share the floor's area by their kind's size: an open office is larger than a bathroom.
    const totalSize = sizes.reduce((sum, size) => sum + size, 0);
    const areas = sizes.map((size) =>
      totalSize > 0 ? round1((perFloorArea * size) / totalSize) : 0,
    );
    return { level, floorId, floorName, perFloorArea, ...drawn, areas, commissioned };
  });
}

function makeFloors(seed: string, building: BuildingEntry): FloorEntry[] {
  const record = building.record;
  return drawFloors(seed, building).map((drawn): FloorEntry => {
    const { level, floorId, floorName } = drawn;
    const equipment: EquipmentKind[][] = [];
    const spaces = drawn.ids.map((id, room): SpaceRecord => {
      const kinds = equipmentOfRoom(seed, building.index, level, room);
      const counts = countsOf(kinds);
      equipment.push(kinds);
      return {
        id,
        name: drawn.names[room]!,
        referenceId: `L${level}-R${room}`,
        siteId: record.siteId,
        buildingId: record.id,
        floorId,
        ontologyType: drawn.types[room]!,
        commissionedStatus: drawn.commissioned[room] ? 1 : 2,
        commissionedOn: '2023-04-12T08:00:00+00:00',
        decommissionedOn: null,
        area: drawn.areas[room]!,
        metadata: noMetadata,
        deviceCount: counts.devices,
        measurementCount: counts.measurements,
        includesDeviceAndMeasurementCounts: true,
      };
    });
    return {
      record: {
        id: floorId,
        name: floorName,
        referenceId: floorName === null ? null : `Level-${level}`,
        area: drawn.perFloorArea,
        metadata: level === 0 ? [{ name: 'entrance', value: 'true' }] : [],
        buildingId: record.id,
        spaceCount: drawn.ids.length,
        deviceCount: spaces.reduce((sum, space) => sum + space.deviceCount, 0),
        measurementCount: spaces.reduce((sum, space) => sum + space.measurementCount, 0),
        includesDeviceAndMeasurementCounts: true,
      },
      spaces,
      equipment,
    };
  });
}

function makeCatalogue(seed: string, buildings: BuildingEntry[]): Catalogue {
  const floorCount = buildings.reduce((sum, entry) => sum + entry.roomsPerFloor.length, 0);
  const roomTotal = buildings.reduce(
    (sum, entry) => sum + entry.roomsPerFloor.reduce((rooms, count) => rooms + count, 0),
    0,
  );
  const floors: Catalogue['floors'] = {
    count: floorCount,
    id: [],
    name: [],
    building: new Int32Array(floorCount),
    level: new Int32Array(floorCount),
    area: new Float64Array(floorCount),
    firstRoom: new Int32Array(floorCount),
  };
  const rooms: Catalogue['rooms'] = {
    count: roomTotal,
    id: [],
    name: [],
    area: new Float64Array(roomTotal),
    floor: new Int32Array(roomTotal),
  };
  let f = 0;
  let r = 0;
  for (const building of buildings) {
    for (const drawn of drawFloors(seed, building)) {
      floors.id.push(drawn.floorId);
      floors.name.push(drawn.floorName);
      floors.building[f] = building.index;
      floors.level[f] = drawn.level;
      floors.area[f] = drawn.perFloorArea;
      floors.firstRoom[f] = r;
      drawn.ids.forEach((id, room) => {
        rooms.id.push(id);
        rooms.name.push(drawn.names[room]!);
        rooms.area[r] = drawn.areas[room]!;
        rooms.floor[r] = f;
        r += 1;
      });
      f += 1;
    }
  }
  return { floors, rooms };
}

/**
 * Floors and rooms made per building on first use from the building's own seed, so a large
 * portfolio starts fast and every building's floors are the same whatever was asked for first.
 * Whole buildings' floors are kept, least recently used first, within `roomsKept` rooms.
 */
function floorsOnFirstUse(seed: string): (building: BuildingEntry) => FloorEntry[] {
  const floorCache = new Map<string, FloorEntry[]>();
  let roomsCached = 0;
  const roomCount = (floors: FloorEntry[]) =>
    floors.reduce((sum, floor) => sum + floor.spaces.length, 0);
  return (building) => {
    const cached = floorCache.get(building.record.id);
    if (cached) {
      floorCache.delete(building.record.id);
      floorCache.set(building.record.id, cached);
      return cached;
    }
    const floors = makeFloors(seed, building);
    floorCache.set(building.record.id, floors);
    roomsCached += roomCount(floors);
    for (const [id, kept] of floorCache) {
      if (roomsCached <= roomsKept || id === building.record.id) break;
      floorCache.delete(id);
      roomsCached -= roomCount(kept);
    }
    return floors;
  };
}

/** The portfolio's records and its lookups by id, each index made on first use. */
function portfolioLookups(
  options: PortfolioOptions,
  organizations: OrganizationRecord[],
  sites: SiteRecord[],
  buildings: BuildingEntry[],
): Portfolio {
  const byId = new Map(buildings.map((entry) => [entry.record.id, entry]));
  const floorsOf = floorsOnFirstUse(options.seed);
  let made: Catalogue | undefined;
  const catalogue = (): Catalogue => (made ??= makeCatalogue(options.seed, buildings));
  let floorIndex: Map<string, number> | undefined;
  const floorNumbers = () =>
    (floorIndex ??= new Map(catalogue().floors.id.map((floorId, f) => [floorId, f])));
  let spaceIndex: Map<string, number> | undefined;
  const floorAt = (f: number): FloorEntry => {
    const { building, level } = catalogue().floors;
    return floorsOf(buildings[building[f]!]!)[level[f]!]!;
  };
  const devices = deviceLookups({
    sites,
    byId,
    floorNumbers,
    floorAt,
    floorCount: () => catalogue().floors.count,
  });
  const retention = new Map(
    sites.map((site) => [
      site.id,
      Number(/^(\d+)\./.exec(site.timeSeriesRetentionSpan)?.[1] ?? 30),
    ]),
  );
  return {
    options,
    organizations,
    sites,
    buildings,
    buildingById: (id) => byId.get(id),
    floorsOf,
    floorById: (id) => {
      const f = floorNumbers().get(id);
      return f === undefined ? undefined : floorAt(f);
    },
    catalogue,
    ...devices,
    retentionDaysOf: (siteId) => retention.get(siteId) ?? 30,
    spaceById: (id) => {
      const { rooms, floors } = catalogue();
      spaceIndex ??= new Map(rooms.id.map((roomId, r) => [roomId, r]));
      const r = spaceIndex.get(id);
      if (r === undefined) return undefined;
      const f = rooms.floor[r]!;
      return floorAt(f).spaces[r - floors.firstRoom[f]!];
    },
  };
}

/** A floor's devices made with it on first use, and a device found by id. */
function deviceLookups(portfolio: {
  sites: SiteRecord[];
  byId: Map<string, BuildingEntry>;
  floorNumbers: () => Map<string, number>;
  floorAt: (f: number) => FloorEntry;
  floorCount: () => number;
}): Pick<Portfolio, 'devicesOf' | 'deviceById'> {
  const { byId, floorNumbers, floorAt } = portfolio;
  const devicesOfFloor = new WeakMap<FloorEntry, DeviceEntry[]>();
  // Where each device made so far lives (its floor in the catalogue): its record is made again
  // with its floor's, so only the id is kept.
  const deviceFloors = new Map<string, number>();
  let everyDeviceLocated = false;
  const timeZoneOfSite = new Map(portfolio.sites.map((site) => [site.id, site.timezone]));
  const devicesOf = (floor: FloorEntry): DeviceEntry[] => {
    let devices = devicesOfFloor.get(floor);
    if (!devices) {
      const building = byId.get(floor.record.buildingId);
      devices = floor.spaces.flatMap((space, room) =>
        devicesOfRoom({
          kinds: floor.equipment[room] ?? [],
          space,
          timeZone: timeZoneOfSite.get(space.siteId),
          meteredArea: { building: building?.record.area, floor: floor.record.area },
          stuckMeter: building?.index === specialBuildings.stuckMeter,
        }),
      );
      const f = floorNumbers().get(floor.record.id);
      if (f !== undefined) for (const device of devices) deviceFloors.set(device.record.id, f);
      devicesOfFloor.set(floor, devices);
    }
    return devices;
  };
  const deviceById = (id: string): DeviceEntry | undefined => {
    let f = deviceFloors.get(id);
    if (f === undefined && !everyDeviceLocated) {
      // An id not seen yet: every floor's devices made once to learn where each lives, then let go.
      for (let floor = 0; floor < portfolio.floorCount(); floor++) devicesOf(floorAt(floor));
      everyDeviceLocated = true;
      f = deviceFloors.get(id);
    }
    return f === undefined
      ? undefined
      : devicesOf(floorAt(f)).find((device) => device.record.id === id);
  };
  return { devicesOf, deviceById };
}
