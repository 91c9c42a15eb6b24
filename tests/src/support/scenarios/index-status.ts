/**
 * The index's status and refresh (GET /api/index/status, POST /api/index/refresh), and the
 * refreshes asked.
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import { fixture } from './fixture';
import { requireCsrf } from './http';

/** The portfolio index's status, as GET /api/index/status answers it (a complete sync by default). */
export const indexReady = {
  state: 'ready',
  database: 'embedded',
  refreshMinutes: 60,
  canRefresh: true,
  served: {
    finishedAt: '2026-11-24T09:05:00.000Z',
    sites: fixture.sites.length,
    buildings: fixture.buildings.length,
    levels: 171,
    rooms: 1389,
    method: 'bulk',
    unread: [],
    skipped: {},
  },
  latest: {
    instance: 'storey-1:4242',
    phase: 'done',
    outcome: 'done',
    startedAt: '2026-11-24T09:04:30.000Z',
    finishedAt: '2026-11-24T09:05:00.000Z',
    sites: fixture.sites.length,
    buildings: fixture.buildings.length,
    buildingsExpected: fixture.buildings.length,
    levels: 171,
    rooms: 1389,
    roomsExpected: 1389,
    platformRequests: 38,
    error: null,
  },
};

/** POST /api/index/refresh calls since the last reset. */
export const indexRefreshes: string[] = [];

export const indexStatusHandler = (status: Record<string, unknown> = indexReady) =>
  http.get(
    '*/api/index/status',
    ({ request }) => requireCsrf(request) ?? HttpResponse.json(status),
  );

/** The first sync is on its way: nothing served yet, the rooms being read. */
export function indexFirstSync(): RequestHandler[] {
  return [
    indexStatusHandler({
      ...indexReady,
      state: 'syncing',
      served: null,
      latest: {
        ...indexReady.latest,
        phase: 'reading-rooms',
        outcome: 'running',
        finishedAt: null,
        rooms: 600,
      },
    }),
  ];
}

/** The last sync failed; the one before is still served. A person who may not start one. */
export function indexSyncFailed(): RequestHandler[] {
  return [
    indexStatusHandler({
      ...indexReady,
      state: 'failed',
      canRefresh: false,
      latest: {
        ...indexReady.latest,
        phase: 'failed',
        outcome: 'failed',
        startedAt: '2026-11-24T10:05:00.000Z',
        finishedAt: '2026-11-24T10:06:00.000Z',
        error: 'The platform did not give the list of buildings after 5 tries (status 503).',
      },
    }),
  ];
}

export const indexRefreshHandler = () =>
  http.post('*/api/index/refresh', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    indexRefreshes.push(request.url);
    return HttpResponse.json({ ...indexReady, state: 'syncing' }, { status: 202 });
  });

/** Forgets the refreshes asked for: after every test (resetScenarioState). */
export function resetIndexStatusState(): void {
  indexRefreshes.length = 0;
}
