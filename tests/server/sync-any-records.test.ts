import fc from 'fast-check';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndexDatabase, type IndexDatabase } from '../../server/portfolio-index/core/database';
import { createPlatformPages } from '../../server/portfolio-index/core/platform-pages';
import { syncPortfolio } from '../../server/portfolio-index/hierarchy/sync';
import type { PlatformGateway } from '../../server/platform/gateway';
import type { UpstreamResponse } from '../../server/platform/platform-client';
import { createManualClock } from '../support/manual-clock';

/**
 * A property over the sync: whatever the platform sends of the fields the specification shows
 * (each present, absent, null, of another type, beside unknown fields), the sync completes, keeps
 * exactly the records the reading rules keep, with the field values they give, and counts the
 * skipped ones exactly. The rules are written here again, from docs/platform-contract.md, so the
 * reader is held to the contract rather than to itself.
 */

const pageSize = 7;

/** A field as some platform might send it: its value, null, another type, or absent. */
const fieldValue = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 5, arbitrary: value },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('12', '', true, 0, -1, 1.5e308, [], {}) },
    { weight: 1, arbitrary: fc.constant(absent) },
  );
const absent = Symbol('absent');

const ids = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8', 'i9') },
  { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(65), 'a/b', '..', 'id with space') },
  { weight: 1, arbitrary: fc.constantFrom(7, null, absent) },
);
const names = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('Tower\u0000A', 'Hall\tB\nC', '\u001b[31mred', 'x'.repeat(400)),
);
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .record({
      id: ids,
      ...Object.fromEntries(Object.entries(fields).map(([key, arb]) => [key, fieldValue(arb)])),
      unknownField: fc.constantFrom(absent, { nested: [1, 2] }, 'extra'),
    })
    .map((generated) =>
      Object.fromEntries(Object.entries(generated).filter(([, value]) => value !== absent)),
    );
const listItem = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 12, arbitrary: record(fields) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>('not a record', 3, null, [1]) },
  );

const sites = fc.array(listItem({ name: names, organizationId: ids }), { maxLength: 9 });
const buildings = fc.array(
  listItem({
    name: names,
    siteId: ids,
    organizationId: ids,
    area: fc.oneof(fc.double({ min: -10, max: 2e7, noNaN: true }), fc.integer({ min: 0, max: 9 })),
    floorCount: fc.integer({ min: 0, max: 80 }),
    spaceCount: fc.integer({ min: 0, max: 900 }),
  }),
  { maxLength: 16 },
);

// --- The contract's rules, written again --------------------------------------------------------

const usableId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\t\n\r\v\f]/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.length > 300 ? `${clean.slice(0, 299)}…` : clean;
};
// 0 is how a platform says no area was recorded: unknown, as a missing one is.
const area = (value: unknown) =>
  typeof value === 'number' && value > 0 && value <= 10_000_000 ? value : null;
const count = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10_000_000
    ? (value as number)
    : null;

/** What a list keeps (the last of an id given twice, in the place of the first) and skips. */
function expectedList(items: unknown[]) {
  const kept = new Map<string, Record<string, unknown>>();
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
  for (const item of items) {
    if (!isRecord(item)) skip('not-a-record');
    else if (!usableId(item.id)) skip('no-usable-id');
    else {
      if (kept.has(item.id)) skip('duplicate-id');
      kept.set(item.id, item);
    }
  }
  return { kept: [...kept.values()], skipped };
}

// --- A platform that answers from the generated lists --------------------------------------------

function platformOf(lists: { sites: unknown[]; buildings: unknown[] }): PlatformGateway {
  const answer = (value: unknown, headers: Record<string, string> = {}): UpstreamResponse => ({
    status: 200,
    headers,
    body: Buffer.from(JSON.stringify(value)),
  });
  return {
    async readListingWhole(pathAndQuery: string) {
      const url = new URL(pathAndQuery, 'http://platform');
      const take = Number(url.searchParams.get('take'));
      const skip = Number(url.searchParams.get('skip'));
      const list = url.pathname === '/api/Sites' ? lists.sites : lists.buildings;
      // A count no larger than the truth (a platform may also send none).
      return answer(list.slice(skip, skip + take), { 'x-total-count': String(list.length) });
    },
    // Root levels and rooms: none (the property is about the records above them).
    async readGraphqlWhole() {
      return answer({ data: { levels: [], rooms: [] } });
    },
  } as unknown as PlatformGateway;
}

/** What a run kept of the buildings, as the index has them, by id. */
const indexedBuildings = async (database: IndexDatabase, runId: number) =>
  (
    await sql<{
      id: string;
      name: string | null;
      site_id: string | null;
      area: number | null;
      floor_count: number | null;
      space_count: number | null;
    }>`select id, name, site_id, area, floor_count, space_count from indexed_building
        where run_id = ${runId} order by id`.execute(database.db)
  ).rows;

/** What a run kept of the sites, by id. */
const indexedSites = async (database: IndexDatabase, runId: number) =>
  (
    await sql<{ id: string; name: string | null }>`
      select id, name from indexed_site where run_id = ${runId} order by id`.execute(database.db)
  ).rows;

describe('the sync over whatever a platform sends', () => {
  let database: IndexDatabase;
  beforeAll(async () => {
    database = await openIndexDatabase({});
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** One sync of the lists into the database (or the one given, to watch its statements). */
  const sync = (lists: { sites: unknown[]; buildings: unknown[] }, db = database.db) =>
    syncPortfolio({
      db,
      pages: createPlatformPages({
        gateway: platformOf(lists),
        wait: async () => {},
        pageSize,
        concurrency: 2,
        signal: new AbortController().signal,
      }),
      capabilities: {
        levelIds: true,
        roomIds: true,
        levelSearch: true,
        roomSearch: true,
        roomLevel: true,
        buildingIdFilter: true,
        areas: true,
      },
      instance: 'property',
      clock: createManualClock(Date.parse('2026-11-27T08:00:00Z')),
    });

  it('keeps what the reading rules keep, and counts exactly what it skips', async () => {
    await fc.assert(
      fc.asyncProperty(sites, buildings, async (siteItems, buildingItems) => {
        const outcome = await sync({ sites: siteItems, buildings: buildingItems });
        const expectedSites = expectedList(siteItems);
        const expectedBuildings = expectedList(buildingItems);
        expect(outcome.skipped.sites ?? {}).toEqual(expectedSites.skipped);
        expect(outcome.skipped.buildings ?? {}).toEqual(expectedBuildings.skipped);

        const rows = await indexedBuildings(database, outcome.runId);
        const expected = expectedBuildings.kept
          .map((item) => ({
            id: item.id as string,
            name: text(item.name),
            site_id: usableId(item.siteId) ? item.siteId : null,
            area: area(item.area),
            floor_count: count(item.floorCount),
            space_count: count(item.spaceCount),
          }))
          .sort((a, b) => (a.id < b.id ? -1 : 1));
        expect(rows).toEqual(expected);
        expect(await indexedSites(database, outcome.runId)).toEqual(
          expectedSites.kept
            .map((item) => ({ id: item.id as string, name: text(item.name) }))
            .sort((a, b) => (a.id < b.id ? -1 : 1)),
        );
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('does the same work at every refresh, however many came before it', async () => {
    const lists = {
      sites: [{ id: 'a1', name: 'North' }],
      buildings: [{ id: 'b2', name: 'Hall', siteId: 'a1', area: 900 }],
    };
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        statements++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const statementsOfASync = async () => {
      statements = 0;
      await sync(lists, database.db.withPlugin(counting));
      return statements;
    };
    // The first may be the first of all; the second replaces one run, as every later one does.
    await statementsOfASync();
    const second = await statementsOfASync();
    for (let refresh = 0; refresh < 4; refresh++) await statementsOfASync();
    expect(await statementsOfASync()).toBe(second);
  });
});
