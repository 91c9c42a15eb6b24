import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexStatusSchema, type IndexStatus } from '@/api/get-index-status';
import { indexSearchSchema } from '@/features/search/api/search-index';
import { totalsSchema } from '@/api/get-totals';
import { sameNames } from '@/shared/rules/same-names';
import { csrf, startBff, startPlatform, type RunningPlatform } from './support/harness';
import { getJson, indexedPlatform, type IndexedPlatform } from './support/indexed-platform';

/**
 * The portfolio index against the emulator: what it copies, how it pages, what it does when the
 * platform falters. Every wait between retries is recorded instead of slept (time is injected).
 */
type Context = IndexedPlatform;
const get = getJson;

/** The status as the dashboard reads it: parsed with the dashboard's own schema (the contract). */
const status = async (context: Context): Promise<IndexStatus> =>
  indexStatusSchema.parse((await get(context, '/api/index/status')).body);

/** What the emulator holds, counted from its own records. */
function platformTotals(platform: RunningPlatform) {
  const { portfolio } = platform.emulator;
  let levels = 0;
  let rooms = 0;
  for (const building of portfolio.buildings) {
    const floors = portfolio.floorsOf(building);
    levels += floors.length;
    rooms += floors.reduce((sum, floor) => sum + floor.spaces.length, 0);
  }
  return { sites: portfolio.sites.length, buildings: portfolio.buildings.length, levels, rooms };
}

describe('portfolio index on the full platform', () => {
  const running = indexedPlatform();
  let context: Context;
  beforeAll(() => {
    context = running.context;
  });

  it('says it is empty, and search answers 503 in plain words, before the first sync', async () => {
    expect((await status(context)).state).toBe('empty');
    const search = await get(context, '/api/index/search?q=kitchen');
    expect(search.status).toBe(503);
    expect(search.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(search.body.detail).toMatch(/still being indexed/);
  });

  it('copies every site, building, level and room, in bulk pages', async () => {
    expect((await context.bff.app.capabilities.current()).probed).toBe(true);
    context.platform.emulator.requests.clear();
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    const expected = platformTotals(context.platform);
    const after = await status(context);
    expect(after.state).toBe('ready');
    expect(after.served).toMatchObject({ ...expected, method: 'bulk', unread: [] });
    // Pages of 50: sites and buildings in one each, levels and rooms in full pages, and at most
    // one wave (3 pages) read past the end of each GraphQL list.
    // And each building's spaces, for the rooms' types (the bands they are judged by).
    const pagesOf = (count: number) => Math.floor(count / 50) + 1;
    const { portfolio } = context.platform.emulator;
    const spacePages = portfolio.buildings.reduce(
      (sum, building) =>
        sum +
        pagesOf(
          portfolio.floorsOf(building).reduce((rooms, floor) => rooms + floor.spaces.length, 0),
        ),
      0,
    );
    const apiCalls = context.platform.requests().filter((entry) => entry.kind !== 'token');
    expect(apiCalls.length).toBeLessThanOrEqual(
      2 + pagesOf(expected.levels) + pagesOf(expected.rooms) + 2 * 2 + spacePages,
    );
    // Every room's type as the platform lists it.
    const types = new Map(
      portfolio.buildings.flatMap((building) =>
        portfolio
          .floorsOf(building)
          .flatMap((floor) => floor.spaces.map((space) => [space.id, space.ontologyType])),
      ),
    );
    const { db } = context.bff.app.portfolioIndex!.database;
    const rooms = await db.selectFrom('indexed_room').select(['id', 'space_type']).execute();
    expect(rooms.length).toBe(expected.rooms);
    for (const room of rooms) expect(room.space_type, room.id!).toBe(types.get(room.id!));
    expect(after.latest?.platformRequests).toBe(apiCalls.length);
  });

  it('is not synced again before its refresh period has passed', async () => {
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('not-due');
  });

  it('finds places by several words across the hierarchy, whole words first', async () => {
    const search = await get(context, '/api/index/search?q=Skyline%20Tower%200.02');
    expect(search.status).toBe(200);
    // The answer as the dashboard reads it (the contract).
    const [first] = indexSearchSchema.parse(search.body).hits;
    expect(first).toMatchObject({
      kind: 'room',
      buildingName: 'Skyline Tower',
      levelName: 'Level 0',
    });
    expect(first!.name).toMatch(/\b0\.02$/);
    // Whole words before words that only start with the query's: Level 1, then Levels 10–19.
    const levels: Array<{ name: string; buildingName: string }> = (
      await get(context, '/api/index/search?q=skyline%20tower%20level%201&limit=60')
    ).body.hits.filter((hit: { kind: string }) => hit.kind === 'level');
    expect(levels[0]).toMatchObject({ name: 'Level 1', buildingName: 'Skyline Tower' });
    const lastWhole = levels.map((level) => level.name).lastIndexOf('Level 1');
    const firstPrefix = levels.findIndex((level) => /^Level 1\d$/.test(level.name));
    expect(firstPrefix).toBeGreaterThan(lastWhole);
  });

  it('ignores case and accents, letters like Ł and ø included', async () => {
    for (const query of ['lodz office', 'ŁÓDŹ', 'batiment etoile', 'ostre kai', 'mullerstrasse']) {
      const { body } = await get(context, `/api/index/search?q=${encodeURIComponent(query)}`);
      expect(body.hits[0], query).toMatchObject({ kind: 'building' });
    }
    const { body } = await get(context, '/api/index/search?q=cafe%20noir');
    expect(body.hits[0]).toMatchObject({ kind: 'building', name: 'Café Noir Building' });
  });

  it('names the place the query names before what lies in it', async () => {
    const { body } = await get(context, '/api/index/search?q=skyline%20tower');
    expect(body.hits[0]).toMatchObject({ kind: 'building', name: 'Skyline Tower' });
    expect(body.hits[1]).toMatchObject({ kind: 'building', name: 'Skyline Tower 2' });
  });

  it("answers the issue's questions: a room type in a building, a room type on a level, a number", async () => {
    const hits = async (query: string) =>
      indexSearchSchema.parse(
        (await get(context, `/api/index/search?q=${encodeURIComponent(query)}`)).body,
      ).hits;
    // "harbour kitchen": kitchens in the Harbour buildings, not places holding only one word.
    const kitchens = await hits('harbour kitchen');
    expect(kitchens.length).toBeGreaterThan(0);
    for (const hit of kitchens) {
      expect(hit.kind).toBe('room');
      expect(hit.name).toMatch(/^Kitchen /);
      expect(hit.buildingName).toMatch(/^Harbour /);
    }
    // "Level 42 meeting": the meeting rooms on level 42 of the tower first.
    const [meeting] = await hits('Level 42 meeting');
    expect(meeting).toMatchObject({ kind: 'room', name: 'Meeting room', levelName: 'Level 42' });
    // "2.09": rooms numbered 2.09 before rooms whose number only starts so (2.091 would), and
    // never 152.09, whose number does not start with it.
    const numbered = await hits('2.09');
    expect(numbered[0]!.name).toMatch(/ 2\.09$/);
    const firstPartial = numbered.findIndex((hit) => !/(^| )2\.09( |$)/.test(hit.name ?? ''));
    const lastWhole = numbered.findLastIndex((hit) => /(^| )2\.09( |$)/.test(hit.name ?? ''));
    if (firstPartial !== -1) expect(firstPartial).toBeGreaterThan(lastWhole);
    expect(
      numbered.every((hit) =>
        /(^| )2\.09/.test(`${hit.name} ${hit.levelName} ${hit.buildingName}`),
      ),
    ).toBe(true);
  });

  it('tells same-named rooms and buildings apart as their floor and the portfolio do', async () => {
    const { portfolio } = context.platform.emulator;
    const hits = async (query: string) =>
      indexSearchSchema.parse(
        (await get(context, `/api/index/search?q=${encodeURIComponent(query)}&limit=200`)).body,
      ).hits;
    // The tower's Level 42 holds two meeting rooms: numbered by id, as its floor page numbers them.
    const tower = portfolio.buildings.find((entry) => entry.record.name === 'Skyline Tower')!;
    const level42 = portfolio.floorsOf(tower).find((floor) => floor.record.name === 'Level 42')!;
    const expected = sameNames(
      level42.spaces.map((space) => ({ id: space.id, name: space.name ?? null })),
    );
    const meetings = (await hits('Skyline Tower Level 42 meeting')).filter(
      (hit) => hit.kind === 'room' && hit.levelName === 'Level 42' && hit.name === 'Meeting room',
    );
    expect(meetings.length).toBeGreaterThanOrEqual(2);
    for (const hit of meetings) expect(hit.sameName).toEqual(expected.get(hit.id!));
    expect(meetings.map((hit) => hit.sameName!.position).sort()).toEqual(
      meetings.map((_hit, index) => index + 1),
    );
    // A room alone of its name on its floor says so (count 1), and levels carry nothing.
    const [alone] = await hits('Skyline Tower 0.02');
    expect(alone!.sameName).toEqual({ count: 1, position: 1 });
    // Buildings of one name across the portfolio, with their references.
    const clinics = portfolio.buildings.filter(
      (entry) => entry.record.name === "St. Mary's Clinic",
    );
    expect(clinics.length).toBe(2);
    const found = (await hits("St. Mary's Clinic")).filter((hit) => hit.kind === 'building');
    const byId = sameNames(
      clinics.map((entry) => ({ id: entry.record.id, name: entry.record.name })),
    );
    expect(found.map((hit) => [hit.buildingId, hit.sameName, hit.referenceId])).toEqual(
      expect.arrayContaining(
        clinics.map((entry) => [
          entry.record.id,
          byId.get(entry.record.id),
          entry.record.referenceId ?? null,
        ]),
      ),
    );
  });

  it('pages through every result, beyond 500, each place once', async () => {
    // "level" is in every named floor's name, so in its rooms' paths too (one floor has no name).
    const { portfolio } = context.platform.emulator;
    const named = portfolio.buildings
      .flatMap((building) => portfolio.floorsOf(building))
      .filter((floor) => /level/i.test(floor.record.name ?? ''));
    const expected = named.length + named.reduce((sum, floor) => sum + floor.spaces.length, 0);
    const seen = new Set<string>();
    for (let offset = 0; ; offset += 200) {
      const page = (await get(context, `/api/index/search?q=level&limit=200&offset=${offset}`))
        .body;
      for (const hit of page.hits) seen.add(`${hit.kind}:${hit.id}`);
      if (page.hits.length < 200) break;
    }
    expect(seen.size).toBe(expected);
    expect(seen.size).toBeGreaterThan(500);
  });

  it('refuses unclear search requests with a problem, before touching the database', async () => {
    for (const url of [
      '/api/index/search',
      '/api/index/search?q=a&q=b',
      '/api/index/search?q=a&limit=0',
      '/api/index/search?q=a&limit=201',
      '/api/index/search?q=a&sort=name',
      `/api/index/search?q=${'x'.repeat(201)}`,
      // A NUL once answered 500 with a stack trace in the log (review L3).
      '/api/index/search?q=a%00b',
      // Deeper than search pages reach: it sorted every match for an empty page (review H1).
      '/api/index/search?q=a&offset=10001',
      '/api/index/totals?by=building',
    ]) {
      const answer = await get(context, url);
      expect(answer.status, url).toBe(400);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    // A query of only punctuation, or LIKE's own characters, finds nothing rather than everything.
    expect((await get(context, '/api/index/search?q=%25%25')).body.total).toBe(0);
    expect((await get(context, '/api/index/search?q=_')).body.total).toBe(0);
  });

  it('totals area, floors and spaces by site and by organization, every one, with shares', async () => {
    const { buildings, sites } = context.platform.emulator.portfolio;
    for (const by of ['site', 'organization'] as const) {
      // Read as the dashboard reads it (the contract).
      const body = totalsSchema.parse((await get(context, `/api/index/totals?by=${by}`)).body);
      const groups =
        by === 'site' ? sites.length : context.platform.emulator.portfolio.organizations.length;
      expect(body.rows).toHaveLength(groups);
      const area = buildings.reduce((sum, building) => sum + building.record.area, 0);
      expect(body.total.area).toBeCloseTo(area, 6);
      expect(body.total.buildings).toBe(buildings.length);
      const shares = body.rows.reduce((sum, row) => sum + (row.share.area ?? 0), 0);
      expect(shares).toBeCloseTo(1, 9);
      expect(body.asOf).toBe((await status(context)).served?.finishedAt);
      // A site names its organization (as the platform's site record does); an organization none.
      const { organizations } = context.platform.emulator.portfolio;
      for (const row of body.rows) {
        if (by === 'organization') {
          expect(row.organization).toBeNull();
          continue;
        }
        const site = sites.find((candidate) => candidate.id === row.id)!;
        expect(row.organization).toEqual({
          id: site.organizationId,
          name: organizations.find((candidate) => candidate.id === site.organizationId)!.name,
        });
      }
    }
  });
});

describe('portfolio index when the platform falters', () => {
  const running = indexedPlatform();
  let context: Context;
  beforeAll(() => {
    context = running.context;
  });

  it('rides out 429 (after Retry-After), 503 and a connection dropped mid-page', async () => {
    // What the platform offers is asked at start (server.ts), before these faults.
    expect((await context.bff.app.capabilities.current()).probed).toBe(true);
    context.platform.emulator.faults.update({
      faultCount: 3,
      errorKinds: ['429-retry-after', '503', 'drop-connection'],
      retryAfterSeconds: 7,
    });
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    expect(context.waits).toContain(7000);
    expect(context.waits).toHaveLength(3);
    expect((await status(context)).served?.buildings).toBe(24);
  });

  it('keeps serving the previous index when a sync fails, and says why', async () => {
    const before = await status(context);
    context.platform.emulator.faults.update({ errorRate: 1, errorKinds: ['502'] });
    const { outcome, done } = await context.bff.app.portfolioIndex!.refresh();
    expect(outcome).toBe('started');
    await done;
    context.platform.emulator.faults.reset();
    const after = await status(context);
    expect(after.state).toBe('failed');
    expect(after.latest?.error).toMatch(/did not give .* after 5 tries \(status 502\)/);
    expect(after.served).toEqual(before.served);
    const search = await get(context, '/api/index/search?q=harbour');
    expect(search.status).toBe(200);
    expect(search.body.asOf).toBe(before.served?.finishedAt);
    expect(search.body.hits[0]).toMatchObject({ kind: 'building', name: 'Harbour View' });
  });
});

describe('a sync on demand without sign-in', () => {
  const post = (context: IndexedPlatform) =>
    context.bff.app.inject({ method: 'POST', url: '/api/index/refresh', headers: csrf });

  describe('where no setting names an administrator', () => {
    const running = indexedPlatform();
    it('is nobody’s to start: without an identity there is no administrator (review M7)', async () => {
      const refused = await post(running.context);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().reason).toBe('not-admin');
      const status = await getJson(running.context, '/api/index/status');
      expect(status.body.canRefresh).toBe(false);
    });
  });

  describe('where INDEX_ADMINS names anonymous', () => {
    const running = indexedPlatform({}, { INDEX_ADMINS: 'anonymous' });
    it('starts once, then refuses the next within its cooldown, however often asked', async () => {
      const answers = [];
      for (let attempt = 0; attempt < 10; attempt++) answers.push(await post(running.context));
      expect(answers[0]!.statusCode).toBe(202);
      for (const answer of answers.slice(1)) {
        expect(answer.statusCode).toBe(429);
        expect(answer.json().reason).toBe('sync-cooldown');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      await running.context.bff.app.portfolioIndex!.syncIfDue();
    });
  });

  describe('without a cooldown', () => {
    const running = indexedPlatform(
      {},
      { INDEX_ADMINS: 'anonymous', INDEX_REFRESH_COOLDOWN_SECONDS: '0' },
    );
    it('refuses a second sync while one runs', async () => {
      expect((await post(running.context)).statusCode).toBe(202);
      const second = await post(running.context);
      expect(second.statusCode).toBe(409);
      expect(second.json().reason).toBe('sync-running');
      await running.context.bff.app.portfolioIndex!.syncIfDue();
    });
  });
});

describe('portfolio index when Storey stops during a sync', () => {
  it('stops at once while waiting to retry, and asks the platform nothing more', async () => {
    const platform = await startPlatform();
    let waiting!: () => void;
    const backingOff = new Promise<void>((resolve) => (waiting = resolve));
    // A back-off as long as the platform may ask (Retry-After up to 60 s): only the stop ends it.
    const bff = await startBff(
      platform.settings,
      {},
      {
        index: true,
        indexWait: (_ms, signal) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
            waiting();
          }),
      },
    );
    try {
      await bff.app.capabilities.current();
      platform.emulator.faults.update({ errorRate: 1, errorKinds: ['503'] });
      expect((await bff.app.portfolioIndex!.refresh()).outcome).toBe('started');
      await backingOff;
      const asked = platform.requests().length;
      await bff.close();
      expect(platform.requests()).toHaveLength(asked);
    } finally {
      await platform.close();
    }
  });
});

describe('portfolio index on a platform that shows only the spec', () => {
  const running = indexedPlatform({ schema: 'spec' });
  let context: Context;
  beforeAll(() => {
    context = running.context;
  });

  it('reads each building by name, at most three requests a building', async () => {
    expect((await context.bff.app.capabilities.current()).probed).toBe(true);
    context.platform.emulator.requests.clear();
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    const expected = platformTotals(context.platform);
    const after = await status(context);
    expect(after.served).toMatchObject({
      method: 'per-building',
      buildings: expected.buildings,
      levels: expected.levels,
      rooms: expected.rooms,
    });
    const apiCalls = context.platform.requests().filter((entry) => entry.kind !== 'token');
    expect(apiCalls.length).toBeLessThanOrEqual(3 * expected.buildings);
    // Rooms have no ids on this platform, but search still finds them by their place.
    const { body } = await get(context, '/api/index/search?q=skyline%20tower%200.02');
    expect(body.hits[0]).toMatchObject({ kind: 'room', id: null, levelName: 'Level 0' });
  });
});

describe("portfolio index on a platform that does not list buildings' spaces", () => {
  const running = indexedPlatform({ spaceLists: false });

  it('asks once, says every room is judged as one people work in, and judges them so', async () => {
    const { context } = running;
    expect((await context.bff.app.capabilities.current()).probed).toBe(true);
    context.platform.emulator.requests.clear();
    expect(await context.bff.app.portfolioIndex!.syncIfDue()).toBe('synced');
    const after = await status(context);
    expect(after.served?.method).toBe('bulk');
    expect(after.served?.unread).toEqual([
      "The platform does not list buildings' spaces with their types, so every room is judged by the bands of rooms people work in.",
    ]);
    const spaceLists = context.platform
      .requests()
      .filter((entry) => /\/api\/Buildings\/[^/]+\/Spaces/i.test(entry.path));
    expect(spaceLists).toHaveLength(1);
    const building = context.platform.emulator.portfolio.buildings[0]!.record.id;
    const { status: code, body } = await get(context, `/api/index/room-bands?building=${building}`);
    expect(code).toBe(200);
    expect(body).toMatchObject({ typesRead: false, groups: [] });
  });
});

describe('portfolio index refreshed again and again', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storey-refreshed-'));
  const running = indexedPlatform({}, { INDEX_DATA_DIR: dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The database's files on disk: what the embedded default keeps for its tables and indexes. */
  const bytesOnDisk = (directory: string): number =>
    readdirSync(directory, { withFileTypes: true }).reduce(
      (sum, entry) =>
        sum +
        (entry.isDirectory()
          ? bytesOnDisk(path.join(directory, entry.name))
          : statSync(path.join(directory, entry.name)).size),
      0,
    );

  it('reuses the room of the run it replaced, so its files do not grow at every refresh', async () => {
    const { bff } = running.context;
    await bff.app.capabilities.current();
    const index = bff.app.portfolioIndex!;
    const sizes: number[] = [];
    for (let refresh = 0; refresh < 5; refresh++) {
      const { outcome, done } = await index.refresh();
      expect(outcome).toBe('started');
      await done;
      sizes.push(bytesOnDisk(path.join(dataDir, 'base')));
    }
    // The second refresh held two runs at once (one portfolio more than the first); the three
    // after it, written into the room of the runs they replaced, add less than one portfolio.
    const portfolio = sizes[1]! - sizes[0]!;
    expect(portfolio).toBeGreaterThan(0);
    expect(sizes[4]! - sizes[1]!).toBeLessThan(portfolio);
    expect((await status(running.context)).state).toBe('ready');
  });
});
