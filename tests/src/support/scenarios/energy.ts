/**
 * The index's energy figures (the ranking, intensities and a building's meter), as the server
 * answers them for the fixture, and the requests for them.
 */
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { EnergyBuilding, EnergyReason } from '@/api/get-energy';
import { sameNames } from '@/shared/rules/same-names';
import { fixture } from './fixture';
import { problem, requireCsrf } from './http';
import { indexReady } from './index-status';

/**
 * Each fixture building's energy as the server's ranking gives it (energy-ranking.ts): without an
 * area it has no figure; one in seven sites keeps fewer days than the period, one building in
 * five has readings that miss days, one in eleven has a meter that stood still for two days, and
 * the rest are ranked, with a change against the 30 days before for most.
 */
export const fixtureSameNames = sameNames(fixture.buildings.map(({ record }) => record));
export const fixtureEnergy: EnergyBuilding[] = fixture.buildings.map(({ record }, index) => {
  const area = record.area ?? 0;
  const used = Math.round(area * (60 + ((index * 37) % 90)) * 10) / 10 || 12_000 + index;
  const reason: EnergyBuilding['reason'] =
    area <= 0
      ? 'no-area'
      : index % 7 === 2
        ? 'beyond-retention'
        : index % 5 === 3
          ? 'partial'
          : index % 11 === 6
            ? 'meter-stuck'
            : null;
  const previous = index % 4 === 1 ? null : Math.round(used * (0.8 + (index % 9) * 0.05));
  return {
    id: record.id,
    name: record.name ?? null,
    referenceId: record.referenceId ?? null,
    sameName: fixtureSameNames.get(record.id)!,
    siteId: record.siteId,
    siteName: fixture.sites.find((site) => site.id === record.siteId)?.name ?? null,
    meters: 1,
    area,
    usedKwh: used,
    intensity: reason === null ? Math.round((used / area) * 1000) / 1000 : null,
    coveredDays: reason === 'partial' ? 27.5 : reason === 'beyond-retention' ? 29.4 : 30,
    reason,
    previousKwh: reason === null ? previous : null,
    change:
      reason === null && previous !== null
        ? Math.round(((used - previous) / previous) * 1000) / 1000
        : null,
    compareReason:
      reason !== null ? 'last-incomplete' : previous === null ? 'beyond-retention' : null,
    // Two meters went quiet a day ago.
    lastReadingAt: new Date(Date.now() - (index < 2 ? 26 : 0.2) * 60 * 60 * 1000).toISOString(),
    stuckDays: reason === 'meter-stuck' ? 2 : 0,
  };
});

/**
 * Each fixture building over its last 12 whole months, as the ranking gives it: a third of the
 * sites kept only 30 days when the index first read them (beyond retention for a year), readings
 * that miss days and stuck meters as over 30 days, the rest ranked at about twelve times their
 * month. Never compared with the year before.
 */
export const fixtureYearEnergy: EnergyBuilding[] = fixtureEnergy.map((row, index) => {
  const reason: EnergyBuilding['reason'] =
    row.reason === 'no-area' || row.reason === 'meter-stuck' || row.reason === 'partial'
      ? row.reason
      : index % 3 === 1
        ? 'beyond-retention'
        : null;
  const used = Math.round((row.usedKwh ?? 0) * (11 + (index % 4) * 0.5));
  return {
    ...row,
    usedKwh: used,
    intensity: reason === null ? Math.round((used / row.area!) * 1000) / 1000 : null,
    coveredDays: reason === 'partial' ? 351.5 : reason === 'beyond-retention' ? 31 : 365,
    reason,
    previousKwh: null,
    change: null,
    compareReason: null,
    stuckDays: reason === 'meter-stuck' ? 9 : 0,
  };
});

export const fixtureEnergyOf = (period: string | null) =>
  period === '12-months' ? fixtureYearEnergy : fixtureEnergy;

/**
 * The ranking's period as the server gives it: the 30 UTC dates before today, or the 12 whole
 * months before this one.
 */
export const energyPeriod = (ranked: boolean, kind: string | null = '30-days') => {
  const day = 24 * 60 * 60 * 1000;
  if (!ranked) return null;
  if (kind === '12-months') {
    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1));
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1) - day);
    return {
      kind: '12-months' as const,
      days: Math.round((to.getTime() - from.getTime()) / day) + 1,
      from: from.toISOString().slice(0, 10),
      to: to.toISOString().slice(0, 10),
    };
  }
  return {
    kind: '30-days' as const,
    days: 30,
    from: new Date(Date.now() - 30 * day).toISOString().slice(0, 10),
    to: new Date(Date.now() - day).toISOString().slice(0, 10),
  };
};

/** The requests for the energy lists, oldest first. */
export const energyRequests: string[] = [];

/** GET /api/index/energy as the server answers it: listed, sorted and paged like energy-ranking.ts. */
export const indexEnergyHandler = (ranked = true) =>
  http.get('*/api/index/energy', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    energyRequests.push(request.url);
    const url = new URL(request.url);
    const period = url.searchParams.get('period');
    const list = url.searchParams.get('list') ?? 'ranked';
    const sort = url.searchParams.get('sort') ?? 'intensity';
    if (period === '12-months' && sort === 'change')
      return problem(400, 'Query parameter "sort" cannot be "change" for the last 12 months.');
    const rows = ranked ? fixtureEnergyOf(period) : [];
    const rankedRows = rows.filter((row) => row.intensity !== null);
    const silent = (row: EnergyBuilding) =>
      Date.now() - Date.parse(row.lastReadingAt!) > 6 * 60 * 60 * 1000;
    const listed =
      list === 'ranked'
        ? [...rankedRows].sort((a, b) =>
            sort === 'use'
              ? b.usedKwh! - a.usedKwh!
              : sort === 'change'
                ? (b.change ?? -Infinity) - (a.change ?? -Infinity)
                : b.intensity! - a.intensity!,
          )
        : list === 'out'
          ? rows.filter((row) => row.reason !== null)
          : rows.filter((row) => silent(row) || row.stuckDays > 0);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const count = (reason: EnergyReason) => rows.filter((row) => row.reason === reason).length;
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      rankedAt: ranked ? new Date(Date.now() - 5 * 60_000).toISOString() : null,
      period: energyPeriod(ranked, period),
      coverage: {
        buildings: fixture.buildings.length,
        ranked: rankedRows.length,
        out: {
          'no-meter': count('no-meter'),
          'meter-unit': count('meter-unit'),
          'no-area': count('no-area'),
          'not-read-yet': ranked ? count('not-read-yet') : fixture.buildings.length,
          'beyond-retention': count('beyond-retention'),
          partial: count('partial'),
          'meter-stuck': count('meter-stuck'),
        },
        stoppedMeters: rows.filter(silent).length,
        stuckMeters: rows.filter((row) => row.stuckDays > 0).length,
      },
      portfolioIntensity:
        rankedRows.length === 0
          ? null
          : rankedRows.reduce((sum, row) => sum + row.usedKwh!, 0) /
            rankedRows.reduce((sum, row) => sum + row.area!, 0),
      total: listed.length,
      buildings: listed.slice(offset, offset + limit),
      refresh: { everyMinutes: 10, requestBudget: 1200 },
    });
  });

/** GET /api/index/energy/intensities: the ranked fixture buildings' intensities, lowest first. */
export const energyIntensitiesHandler = (ranked = true) =>
  http.get('*/api/index/energy/intensities', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    const period = new URL(request.url).searchParams.get('period');
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      rankedAt: ranked ? new Date(Date.now() - 5 * 60_000).toISOString() : null,
      period: energyPeriod(ranked, period),
      buildings: (ranked ? fixtureEnergyOf(period) : [])
        .filter((row) => row.intensity !== null)
        .map((row) => ({ id: row.id, intensity: row.intensity! }))
        .sort((a, b) => a.intensity - b.intensity),
    });
  });

/** The energy refresh has not read any meter yet. */
export function energyNotReadYet(): RequestHandler[] {
  return [indexEnergyHandler(false), energyIntensitiesHandler(false), buildingEnergyHandler(false)];
}

/**
 * Each fixture building's kept days as the server gives them: the ranking's use spread evenly
 * over the 30 days of its period (a partial building's last three days incomplete), and 30 days
 * before. Dates are those `indexEnergyHandler` gives as the period.
 */
export function fixtureEnergyDays(row: EnergyBuilding, now = Date.now()) {
  const day = 24 * 60 * 60 * 1000;
  return Array.from({ length: 60 }, (_, index) => {
    const date = new Date(now - (60 - index) * day).toISOString().slice(0, 10);
    const last = index >= 30;
    return {
      day: date,
      usedKwh: last ? (row.usedKwh ?? 0) / 30 : (row.previousKwh ?? 0) / 30,
      complete: !(last && row.reason === 'partial' && index >= 57),
      beyondRetention: false,
    };
  });
}

export const buildingEnergyRequests: string[] = [];

/** GET /api/index/energy/buildings/:id as the server answers it (energy-ranking.ts). */
export const buildingEnergyHandler = (ranked = true) =>
  http.get('*/api/index/energy/buildings/:buildingId', ({ request, params }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    buildingEnergyRequests.push(request.url);
    const row = fixtureEnergy.find((candidate) => candidate.id === params.buildingId);
    const year = fixtureYearEnergy.find((candidate) => candidate.id === params.buildingId);
    const yearPeriod = energyPeriod(ranked, '12-months');
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      rankedAt: ranked ? new Date(Date.now() - 5 * 60_000).toISOString() : null,
      period: energyPeriod(ranked),
      building: ranked ? (row ?? null) : null,
      days: ranked && row ? fixtureEnergyDays(row) : [],
      twelveMonths: {
        period: yearPeriod,
        building: ranked ? (year ?? null) : null,
        // The year's use spread over its months, more in winter.
        months:
          ranked && year && yearPeriod
            ? Array.from({ length: 12 }, (_, index) => {
                const month = new Date(Date.parse(yearPeriod.from));
                month.setUTCMonth(month.getUTCMonth() + index);
                const winter = [0, 1, 10, 11].includes(month.getUTCMonth());
                return {
                  month: month.toISOString().slice(0, 7),
                  usedKwh: ((year.usedKwh ?? 0) / 12) * (winter ? 1.2 : 0.9),
                  complete:
                    !(year.reason === 'partial' && index === 5) &&
                    !(year.reason === 'beyond-retention' && index < 11),
                  beyondRetention: year.reason === 'beyond-retention' && index < 11,
                };
              })
            : [],
      },
    });
  });

/** Forgets the energy lists' requests: after every test (resetScenarioState). */
export function resetEnergyState(): void {
  energyRequests.length = 0;
  buildingEnergyRequests.length = 0;
}
