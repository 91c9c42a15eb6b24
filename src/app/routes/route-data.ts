import type { QueryClient } from '@tanstack/react-query';
import {
  accessAuditQueryOptions,
  accessOverviewQueryOptions,
  meQueryOptions,
  personAccessQueryOptions,
} from '@/api/get-access';
import {
  alarmFilterOf,
  alarmQueryOptions,
  alarmsQueryOptions,
  alarmViewKeys,
  notificationSettingQueryOptions,
  outboxQueryOptions,
  alarmNoiseQueryOptions,
} from '@/api/get-alarms';
import { attentionFilterOf, attentionListLimit, attentionQueryOptions } from '@/api/get-attention';
import { buildingEnergyQueryOptions, energyQueryOf, energyQueryOptions } from '@/api/get-energy';
import { buildingsQueryOptions } from '@/api/get-buildings';
import type * as OutlineModule from '@/api/get-building-outline';
import type { BuildingOutline } from '@/api/get-building-outline';
import { capabilitiesQueryOptions } from '@/api/get-capabilities';
import { currentValuesQueryOptions } from '@/api/get-current-values';
import { devicesQueryOptions } from '@/api/get-devices';
import { floorsQueryOptions } from '@/api/get-floors';
import { indexStatusQueryOptions } from '@/api/get-index-status';
import {
  buildingQualityQueryOptions,
  qualityScoresQueryOptions,
  qualitySummaryQueryOptions,
} from '@/api/get-quality';
import { mayRead, sessionQueryOptions } from '@/api/get-session';
import { spacesQueryOptions } from '@/api/get-spaces';
import { sitesQueryOptions } from '@/api/get-sites';
import { totalsQueryOptions } from '@/api/get-totals';
import { needsDoingQueries } from '@/features/now/hooks/use-needs-doing';

/**
 * What each screen reads first, started by its route's loader at the click (or earlier, on the
 * intent to click) in parallel with the screen's code, with the same `queryOptions` the screen
 * uses: the screen then finds its data in the cache or on its way. Nothing here is awaited by the
 * navigation and nothing throws: a failed read is the screen's to show, with its retry.
 */
export type RouteData = (
  queryClient: QueryClient,
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
  /**
   * Only the intent to follow a link (hover, focus, touch), not the click: reads that cost the
   * platform a call per place (a room's current values) wait for the click, or a pointer moving
   * down a floor's rooms would ask for every room it rests on.
   */
  intent?: { only: true },
) => Promise<void>;

/** Only for a signed-in person: before that, every read would be refused. */
async function signedIn(queryClient: QueryClient): Promise<boolean> {
  try {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    return mayRead(session);
  } catch {
    return false;
  }
}

const settle = async (reads: ReadonlyArray<Promise<unknown>>): Promise<void> => {
  await Promise.allSettled(reads);
};

/** The buildings with their sites and scores: the portfolio's inventory, and compare's choices. */
export const compareData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(buildingsQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
    queryClient.prefetchQuery(qualityScoresQueryOptions()),
  ]);
};

/** The first screen: what needs doing now, then the inventory. */
export const portfolioData: RouteData = async (queryClient, params, search) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(needsDoingQueries.rooms()),
    queryClient.prefetchQuery(needsDoingQueries.alarms()),
    queryClient.prefetchQuery(needsDoingQueries.meters()),
    compareData(queryClient, params, search),
  ]);
};

export const sitesData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(indexStatusQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
    queryClient.prefetchQuery(buildingsQueryOptions()),
    queryClient.prefetchQuery(
      totalsQueryOptions(search.get('by') === 'organization' ? 'organization' : 'site'),
    ),
  ]);
};

export const qualityData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const organization = search.get('org');
  const site = search.get('site');
  await settle([
    queryClient.prefetchQuery(
      qualitySummaryQueryOptions({
        ...(organization ? { organization } : {}),
        ...(site ? { site } : {}),
      }),
    ),
    queryClient.prefetchQuery(sitesQueryOptions()),
  ]);
};

export const alarmsData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const filter = alarmFilterOf(
    Object.fromEntries(alarmViewKeys.map((key) => [key, search.get(key)])),
  );
  await settle([
    queryClient.prefetchQuery(alarmsQueryOptions(filter)),
    queryClient.prefetchQuery(notificationSettingQueryOptions()),
  ]);
};

export const alarmData: RouteData = async (queryClient, params) => {
  if (!(await signedIn(queryClient))) return;
  const id = Number(params.alarmId);
  if (!Number.isInteger(id) || id < 0) return;
  await settle([queryClient.prefetchQuery(alarmQueryOptions(id))]);
};

export const outboxData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([queryClient.prefetchQuery(outboxQueryOptions())]);
};

export const alarmNoiseData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([queryClient.prefetchQuery(alarmNoiseQueryOptions())]);
};

export const myAccessData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([queryClient.prefetchQuery(meQueryOptions())]);
};

export const accessData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const person = search.get('person');
  await settle([
    queryClient.prefetchQuery(accessOverviewQueryOptions()),
    queryClient.prefetchQuery(accessAuditQueryOptions()),
    ...(person ? [queryClient.prefetchQuery(personAccessQueryOptions(person))] : []),
  ]);
};

export const attentionData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const filter = attentionFilterOf({
    site: search.get('site'),
    building: search.get('building'),
    kind: search.get('kind'),
    sort: search.get('sort'),
  });
  await settle([
    queryClient.prefetchQuery(attentionQueryOptions(filter, attentionListLimit)),
    queryClient.prefetchQuery(capabilitiesQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
  ]);
};

export const energyData: RouteData = async (queryClient, _params, search) => {
  if (!(await signedIn(queryClient))) return;
  const query = energyQueryOf({ list: search.get('list'), sort: search.get('sort') });
  await settle([
    queryClient.prefetchQuery(energyQueryOptions(query)),
    queryClient.prefetchQuery(capabilitiesQueryOptions()),
  ]);
};

export const searchData: RouteData = async (queryClient) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(buildingsQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
  ]);
};

/**
 * GraphQL's client comes with the first building page, not with the portfolio's first load. The
 * import is asked once and its promise kept: a second `import()` of a loaded module still waits
 * for the browser's module loader (a task, not a microtask), which would let a click's rendering
 * run before the next place's data request leaves.
 */
let outlineModule: Promise<typeof OutlineModule> | undefined;
const loadOutlineModule = () =>
  (outlineModule ??= import('@/api/get-building-outline').catch((error: unknown) => {
    outlineModule = undefined; // a chunk that failed to arrive is asked again next time
    throw error;
  }));

/**
 * A building's outline (levels and rooms), asked the way this platform allows: by id at once, or
 * by name once the listing has told it. Undefined when it cannot be had.
 */
async function outlineOf(
  queryClient: QueryClient,
  buildingId: string,
): Promise<BuildingOutline | undefined> {
  try {
    const [{ outlineById, loadOutline }, capabilities] = await Promise.all([
      loadOutlineModule(),
      queryClient.ensureQueryData(capabilitiesQueryOptions()),
    ]);
    let name: string | null | undefined;
    if (!outlineById(capabilities)) {
      const { records } = await queryClient.ensureQueryData(buildingsQueryOptions());
      name = records.find((building) => building.id === buildingId)?.name;
      if (!name) return undefined;
    }
    // Through the dashboard's GraphQL client: the screen reads the same answer from its cache.
    return await loadOutline(queryClient, { id: buildingId, name }, capabilities);
  } catch {
    return undefined;
  }
}

/** What a building's and its levels' and rooms' pages share: the building and its outline. */
const buildingFrame: RouteData = async (queryClient, { buildingId = '' }) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    queryClient.prefetchQuery(buildingsQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
    queryClient.prefetchQuery(floorsQueryOptions(buildingId)),
    queryClient.prefetchQuery(buildingQualityQueryOptions(buildingId)),
    outlineOf(queryClient, buildingId),
  ]);
};

/** The building's page: its frame and its energy as the portfolio's ranking has it. */
export const buildingData: RouteData = async (queryClient, params, search) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    buildingFrame(queryClient, params, search),
    ...(params.buildingId
      ? [queryClient.prefetchQuery(buildingEnergyQueryOptions(params.buildingId))]
      : []),
  ]);
};

/**
 * A place's conditions, where the platform offers them: its current values and its devices, which
 * the floor's and room's screens read first (and the history panel names its series from).
 */
async function placeConditions(
  queryClient: QueryClient,
  level: 'Floors' | 'Spaces',
  id: string,
): Promise<void> {
  const capabilities = await queryClient
    .ensureQueryData(capabilitiesQueryOptions())
    .catch(() => undefined);
  if (!capabilities) return;
  await settle([
    ...(capabilities.currentValues.available
      ? [queryClient.prefetchQuery(currentValuesQueryOptions(level, id))]
      : []),
    ...(capabilities.devices.available
      ? [queryClient.prefetchQuery(devicesQueryOptions(level, id))]
      : []),
  ]);
}

/**
 * A level's data: the building's, and the floor's rooms once the outline has told which floor the
 * key names, and at the click its conditions. Only a level with an id is read ahead; a platform without level ids
 * matches floors by position, which the screen does against the floor list.
 */
export const levelData: RouteData = async (
  queryClient,
  { buildingId = '', level = '' },
  _search,
  intent,
) => {
  if (!(await signedIn(queryClient))) return;
  const building = buildingFrame(queryClient, { buildingId }, new URLSearchParams());
  const outline = await outlineOf(queryClient, buildingId);
  const floorId = outline?.levels?.find((candidate) => candidate.id === level)?.id;
  await settle([
    building,
    ...(floorId
      ? [
          queryClient.prefetchQuery(spacesQueryOptions(floorId)),
          ...(intent ? [] : [placeConditions(queryClient, 'Floors', floorId)]),
        ]
      : []),
  ]);
};

/** A room's data: its level's frame and rooms, and at the click its own conditions (by id). */
export const roomData: RouteData = async (queryClient, params, search, intent) => {
  if (!(await signedIn(queryClient))) return;
  const { buildingId = '', level = '', room = '' } = params;
  const outline = await outlineOf(queryClient, buildingId);
  const roomId = outline?.levels
    ?.find((candidate) => candidate.id === level)
    ?.rooms?.find((candidate) => candidate.id === room)?.id;
  await settle([
    buildingFrame(queryClient, { buildingId }, search),
    ...(outline?.levels?.some((candidate) => candidate.id === level)
      ? [queryClient.prefetchQuery(spacesQueryOptions(level))]
      : []),
    ...(roomId && !intent ? [placeConditions(queryClient, 'Spaces', roomId)] : []),
  ]);
};
