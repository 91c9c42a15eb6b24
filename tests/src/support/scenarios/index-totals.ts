/**
 * The index's sums by site and organization (GET /api/index/totals).
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import { fixture } from './fixture';
import { requireCsrf } from './http';
import { indexReady } from './index-status';

export const totalsRow = (
  id: string,
  name: string | null,
  area: number,
  floors: number,
  devices: number,
  whole: { area: number; floors: number; devices: number },
  organization: { id: string; name: string | null } | null = null,
) => ({
  id,
  name,
  organization,
  buildings: floors > 0 ? 2 : 0,
  area,
  floors,
  spaces: floors * 10,
  devices,
  measurements: devices * 3,
  countsMissing: 0,
  areaMissing: 0,
  floorsMissing: 0,
  spacesMissing: 0,
  share: {
    buildings: floors > 0 ? 0.5 : 0,
    area: area / whole.area,
    floors: floors / whole.floors,
    spaces: floors / whole.floors,
    devices: devices / whole.devices,
    measurements: devices / whole.devices,
  },
});

/**
 * GET /api/index/totals as the server answers it: three sites (one without buildings), their
 * sums and shares as the server works them out, and the total.
 */
export const indexTotals = (() => {
  const whole = { area: 2000, floors: 20, devices: 40 };
  const [a, b, c] = fixture.sites;
  // Each site's organization as the index joins it from the site's record.
  const organizationOf = (site: (typeof fixture.sites)[number]) => {
    const organization = fixture.organizations.find(
      (candidate) => candidate.id === site.organizationId,
    );
    return { id: site.organizationId, name: organization?.name ?? null };
  };
  return {
    asOf: indexReady.served.finishedAt,
    total: {
      buildings: 4,
      area: 2000,
      floors: 20,
      spaces: 200,
      devices: 40,
      measurements: 120,
      countsMissing: 1,
      areaMissing: 0,
      floorsMissing: 0,
      spacesMissing: 0,
    },
    rows: [
      totalsRow(a!.id, a!.name, 1500, 5, 10, whole, organizationOf(a!)),
      totalsRow(b!.id, b!.name, 500, 15, 30, whole, organizationOf(b!)),
      totalsRow(c!.id, c!.name, 0, 0, 0, whole, organizationOf(c!)),
    ],
  };
})();

/** The same sums by organization: every one of the fixture's organizations (none left out). */
export const indexOrganizationTotals = (() => {
  const whole = { area: 2000, floors: 20, devices: 40 };
  const count = fixture.organizations.length;
  return {
    ...indexTotals,
    rows: fixture.organizations.map((organization, index) =>
      totalsRow(
        organization.id,
        organization.name,
        index === 0 ? whole.area - 100 * (count - 1) : 100,
        2,
        4,
        whole,
      ),
    ),
  };
})();

export const indexTotalsHandler = () =>
  http.get('*/api/index/totals', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const by = new URL(request.url).searchParams.get('by');
    return HttpResponse.json(by === 'organization' ? indexOrganizationTotals : indexTotals);
  });

/** The index still lists a building the platform has removed since the last sync. */
export function indexListsARemovedBuilding(): RequestHandler[] {
  return [
    http.get(
      '*/api/index/search',
      ({ request }) =>
        requireCsrf(request) ??
        HttpResponse.json({
          total: 1,
          more: false,
          asOf: indexReady.served.finishedAt,
          hits: [
            {
              kind: 'building',
              id: 'removed-building',
              name: 'Old Depot',
              buildingId: 'removed-building',
              buildingName: 'Old Depot',
              levelId: null,
              levelPosition: null,
              levelName: null,
              referenceId: null,
              sameName: { count: 1, position: 1 },
            },
          ],
        }),
    ),
  ];
}
