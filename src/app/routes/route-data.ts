import type { QueryClient } from '@tanstack/react-query';
import {
  buildingListingQueryOptions,
  buildingsQueryOptions,
  indexedBuildingQueryOptions,
} from '@/api/get-buildings';
import type * as OutlineModule from '@/api/get-building-outline';
import type { BuildingOutline } from '@/api/get-building-outline';
import { capabilitiesQueryOptions } from '@/api/get-capabilities';
import { currentValuesQueryOptions } from '@/api/get-current-values';
import { devicesQueryOptions } from '@/api/get-devices';
import { floorsQueryOptions } from '@/api/get-floors';
import { buildingQualityQueryOptions, qualityScoresQueryOptions } from '@/api/get-quality';
import { mayRead, sessionQueryOptions } from '@/api/get-session';
import { sitesQueryOptions } from '@/api/get-sites';

/**
 * What several routes' loaders share; each route's own loader sits beside its module
 * (`building-data.ts` beside `building.tsx`). What each screen reads first, started by its route's loader at the click (or earlier, on the
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
export async function signedIn(queryClient: QueryClient): Promise<boolean> {
  try {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    return mayRead(session);
  } catch {
    return false;
  }
}

export const settle = async (reads: ReadonlyArray<Promise<unknown>>): Promise<void> => {
  await Promise.allSettled(reads);
};

/** The buildings with their sites and scores: the portfolio's inventory, and compare's choices. */
export const inventoryReads = (queryClient: QueryClient): Promise<void> =>
  settle([
    queryClient.prefetchQuery(buildingsQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
    queryClient.prefetchQuery(qualityScoresQueryOptions()),
  ]);

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
export async function outlineOf(
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
      name = (await buildingRecordOf(queryClient, buildingId))?.name;
      if (!name) return undefined;
    }
    // Through the dashboard's GraphQL client: the screen reads the same answer from its cache.
    return await loadOutline(queryClient, { id: buildingId, name }, capabilities);
  } catch {
    return undefined;
  }
}

/**
 * The building's record as its pages read it (use-building-record.ts): from the listing where it
 * is at hand, else the index's one building, else the listing after all (and the sites with it).
 */
async function buildingRecordOf(queryClient: QueryClient, buildingId: string) {
  const listed = queryClient.getQueryData(buildingListingQueryOptions().queryKey);
  if (!listed) {
    const indexed = await queryClient
      .fetchQuery(indexedBuildingQueryOptions(buildingId))
      .catch(() => undefined);
    if (indexed) return indexed.record;
  }
  const [{ records }] = await Promise.all([
    queryClient.ensureQueryData(buildingsQueryOptions()),
    queryClient.prefetchQuery(sitesQueryOptions()),
  ]);
  return records.find((building) => building.id === buildingId);
}

/** What a building's and its levels' and rooms' pages share: the building and its outline. */
export const buildingFrame: RouteData = async (queryClient, { buildingId = '' }) => {
  if (!(await signedIn(queryClient))) return;
  await settle([
    buildingRecordOf(queryClient, buildingId),
    queryClient.prefetchQuery(floorsQueryOptions(buildingId)),
    queryClient.prefetchQuery(buildingQualityQueryOptions(buildingId)),
    outlineOf(queryClient, buildingId),
  ]);
};

/**
 * A place's conditions, where the platform offers them: its current values and its devices, which
 * the floor's and room's screens read first (and the history panel names its series from).
 */
export async function placeConditions(
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
