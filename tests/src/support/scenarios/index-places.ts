/**
 * The index's reads of one building: its record, its floors as last checked and its rooms' bands.
 */
import { defaultComfortBands } from '@/shared/rules/comfort';
import { HttpResponse, http } from 'msw';
import type { FloorNow } from '@/shared/rules/floor-now';
import { comfortRulesOf, roomBands, type RoomBands } from '@/shared/rules/space-bands';
import { fixture } from './fixture';
import { problem, requireCsrf } from './http';
import { indexReady } from './index-status';

/**
 * GET /api/index/floors-now: a building's floors as the index's last check left them. By default
 * no building was checked lately (`now: null`); `floorsCheckedByIndex` says what a check found.
 */
export const indexFloorsNowHandler = (
  checked: { checkedAt: string; floors: Map<string, FloorNow> } | null = null,
) =>
  http.get('*/api/index/floors-now', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      now: checked && {
        checkedAt: checked.checkedAt,
        floors: [...checked.floors].map(([floorId, floor]) => ({ floorId, ...floor })),
      },
    });
  });

/**
 * GET /api/index/room-bands: a building's rooms judged by bands of their own, by their type in
 * the emulator's portfolio, with the default rules (the server's answer, shared/rules/space-bands).
 */
export const indexRoomBandsHandler = (typesRead = true) =>
  http.get('*/api/index/room-bands', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    if (!typesRead)
      return HttpResponse.json({ asOf: indexReady.served.finishedAt, typesRead, groups: [] });
    const building = fixture.buildingById(new URL(request.url).searchParams.get('building') ?? '');
    if (!building) return problem(404, 'The portfolio index has no such building.');
    const comfort = comfortRulesOf(defaultComfortBands);
    const groups = new Map<string, { type: string; bands: RoomBands; rooms: string[] }>();
    for (const floor of fixture.floorsOf(building))
      for (const space of floor.spaces) {
        const bands = roomBands(comfort, {
          type: space.ontologyType,
          siteId: building.record.siteId,
        });
        if (bands === comfort.bands) continue;
        const group = groups.get(space.ontologyType) ?? {
          type: space.ontologyType,
          bands,
          rooms: [],
        };
        group.rooms.push(space.id);
        groups.set(space.ontologyType, group);
      }
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      typesRead: true,
      groups: [...groups.values()],
    });
  });

/**
 * GET /api/index/buildings/:id: one building as the index's sync read it, and its site. By default
 * the emulator's own record and site; `indexBuildingNotReady` answers as before the first sync, so
 * scenarios that change the platform's listing are read from that listing.
 */
export const indexBuildingHandler = () =>
  http.get('*/api/index/buildings/:buildingId', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const building = fixture.buildingById(String(params.buildingId));
    if (!building) return problem(404, 'The portfolio index has no such building.');
    const site = fixture.sites.find((candidate) => candidate.id === building.record.siteId);
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      record: building.record,
      site: site ? { id: site.id, name: site.name, timezone: site.timezone ?? null } : null,
    });
  });

/** The index cannot answer for one building yet (before its first sync): pages read the listing. */
export const indexBuildingNotReady = () =>
  http.get('*/api/index/buildings/:buildingId', () =>
    HttpResponse.json(
      {
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail: 'The portfolio is still being indexed: try again in a minute.',
        reason: 'index-empty',
      },
      { status: 503, headers: { 'content-type': 'application/problem+json', 'retry-after': '30' } },
    ),
  );

/** A platform that does not list buildings' spaces: the index knows no room's type. */
export const roomTypesNotSaid = () => [indexRoomBandsHandler(false)];

/** The index checked every building at `checkedAt` and found its floors as `floors` (by id). */
export const floorsCheckedByIndex = (checkedAt: string, floors: Map<string, FloorNow>) => [
  indexFloorsNowHandler({ checkedAt, floors }),
];
