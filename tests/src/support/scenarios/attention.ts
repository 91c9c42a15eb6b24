/**
 * The index's rooms out of band (GET /api/index/attention), judged from the emulator's current
 * values with the server's own verdict, and the requests for them.
 */
import { defaultComfortBands, type ComfortBands } from '@/shared/rules/comfort';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { placeCurrentValues } from '../../../../server/emulator/device-api';
import type { AttentionRow } from '../../../../server/portfolio-index/conditions/attention';
import { bandKindOfType, comfortVerdict, outOfBandShare } from '@/shared/rules/comfort';
import { comfortRulesOf, roomBands } from '@/shared/rules/space-bands';
import { fixture } from './fixture';
import { requireCsrf } from './http';
import { indexReady } from './index-status';

/**
 * The rooms out of band as the server's conditions refresh finds them at `now`: the emulator's
 * current values of every building, judged with the server's own verdict against `bands`. Half of
 * them were already out when first read ("at least"), half went out since a reading in band.
 */
export function fixtureAttention(now: number, bands: ComfortBands = defaultComfortBands) {
  const rows: AttentionRow[] = [];
  for (const entry of fixture.buildings) {
    const rooms = new Map<
      string,
      { name: string | null; levelKey: string; levelName: string | null; type: string }
    >();
    for (const floor of fixture.floorsOf(entry))
      for (const space of floor.spaces)
        rooms.set(space.id, {
          name: space.name,
          levelKey: floor.record.id,
          levelName: floor.record.name,
          type: space.ontologyType,
        });
    for (const value of placeCurrentValues(fixture, 'Buildings', entry.record.id, now)) {
      const type = value.ontologyType as string;
      const kind = bandKindOfType[type];
      const room = rooms.get(value.spaceId as string);
      if (!kind || !room || value.measuredId !== value.spaceId) continue;
      const time = Date.parse(value.timestamp as string);
      const own = roomBands(comfortRulesOf(bands), {
        type: room.type,
        siteId: entry.record.siteId,
      });
      const verdict = comfortVerdict({ type, value: value.value, time, now }, own);
      const { status } = verdict;
      if (status !== 'low' && status !== 'high') continue;
      const known: boolean = rows.length % 2 === 1;
      rows.push({
        measurementId: value.id as string,
        kind,
        name: value.name as string,
        unit: value.unit as string,
        value: value.value as number,
        status,
        outShare: outOfBandShare(value.value as number, verdict.band),
        readingAt: new Date(time).toISOString(),
        outSince: new Date(time - (rows.length % 5) * 40 * 60_000).toISOString(),
        outSinceKnown: known,
        checkedAt: new Date(now - 8 * 60_000).toISOString(),
        roomId: value.spaceId as string,
        roomName: room.name,
        levelKey: room.levelKey,
        levelName: room.levelName,
        buildingId: entry.record.id,
        buildingName: entry.record.name,
        siteId: entry.record.siteId,
        siteName: fixture.sites.find((site) => site.id === entry.record.siteId)?.name ?? null,
        band: {
          low: verdict.band.low ?? null,
          high: verdict.band.high ?? null,
          source: verdict.band.source,
        },
        others: [],
      });
    }
  }
  // One row per room and kind, as the server lists them: the worst reading, the others named.
  const byRoomAndKind = new Map<string, AttentionRow[]>();
  for (const row of rows) {
    const key = `${row.roomId}\u0000${row.kind}`;
    byRoomAndKind.set(key, [...(byRoomAndKind.get(key) ?? []), row]);
  }
  return [...byRoomAndKind.values()].map((readings) => {
    const [worst, ...others] = readings.sort(
      (a, b) =>
        b.outShare - a.outShare ||
        Date.parse(a.outSince) - Date.parse(b.outSince) ||
        a.measurementId.localeCompare(b.measurementId),
    );
    return {
      ...worst!,
      others: others.map(({ measurementId, name, value, unit, status }) => ({
        measurementId,
        name,
        value,
        unit,
        status,
      })),
    };
  });
}

/** The requests for the attention list, oldest first, and the time each was answered for. */
export const attentionRequests: string[] = [];
export const attentionAnsweredAt: number[] = [];

/**
 * GET /api/index/attention as the server answers it: filtered, sorted and paged like
 * attention-queries.ts, with the checks' figures. `checks` replaces parts of those figures (no
 * building checked yet, a round that stopped).
 */
export const indexAttentionHandler = (checks: Record<string, unknown> = {}) =>
  http.get('*/api/index/attention', ({ request }) => {
    const denied = requireCsrf(request);
    if (denied) return denied;
    attentionRequests.push(request.url);
    const url = new URL(request.url);
    const now = Date.now();
    attentionAnsweredAt.push(now);
    const withDevices = fixture.buildings.filter(
      ({ record }) => !record.includesDeviceAndMeasurementCounts || record.deviceCount > 0,
    );
    const site = url.searchParams.get('site');
    const building = url.searchParams.get('building');
    const kind = url.searchParams.get('kind');
    const checked = (checks.checked as number | undefined) ?? withDevices.length;
    const rows = (checked === 0 ? [] : fixtureAttention(now))
      .filter(
        (row) =>
          (!site || row.siteId === site) &&
          (!building || row.buildingId === building) &&
          (!kind || row.kind === kind),
      )
      .sort((a, b) =>
        url.searchParams.get('sort') === 'longest'
          ? Date.parse(a.outSince) - Date.parse(b.outSince) || b.outShare - a.outShare
          : b.outShare - a.outShare || Date.parse(a.outSince) - Date.parse(b.outSince),
      );
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    return HttpResponse.json({
      asOf: indexReady.served.finishedAt,
      total: rows.length,
      readingsOut: rows.reduce((sum, row) => sum + 1 + row.others.length, 0),
      rooms: new Set(rows.map((row) => row.roomId)).size,
      readings: rows.slice(offset, offset + limit),
      checks: {
        buildings: building ? 1 : withDevices.length,
        checked: building ? Math.min(1, checked) : checked,
        oldestCheckAt: checked === 0 ? null : new Date(now - 8 * 60_000).toISOString(),
        newestCheckAt: checked === 0 ? null : new Date(now - 60_000).toISOString(),
        lastRound:
          checked === 0
            ? null
            : {
                startedAt: new Date(now - 2 * 60_000).toISOString(),
                finishedAt: new Date(now - 60_000).toISOString(),
                buildingsChecked: withDevices.length,
                platformRequests: withDevices.length,
                error: null,
              },
        ...checks,
      },
      refresh: { everyMinutes: 10, requestBudget: 1200 },
    });
  });

/** The conditions refresh has checked 3 of the buildings with devices so far (a first round). */
export function attentionPartlyChecked(): RequestHandler[] {
  return [indexAttentionHandler({ checked: 3 })];
}

/** The conditions refresh has not checked any building yet. */
export function attentionNothingChecked(): RequestHandler[] {
  return [indexAttentionHandler({ checked: 0 })];
}

/** The last round of the conditions refresh stopped early, for `error` (plain words). */
export function attentionRoundStopped(error: string): RequestHandler[] {
  const now = Date.now();
  return [
    indexAttentionHandler({
      lastRound: {
        startedAt: new Date(now - 2 * 60_000).toISOString(),
        finishedAt: new Date(now - 60_000).toISOString(),
        buildingsChecked: 0,
        platformRequests: 1,
        error,
      },
    }),
  ];
}

/** Forgets the attention list's requests: after every test (resetScenarioState). */
export function resetAttentionState(): void {
  attentionRequests.length = 0;
  attentionAnsweredAt.length = 0;
}
