import { describe, expect, it } from 'vitest';
import {
  createPlatformPages,
  SyncReadError,
} from '../../server/portfolio-index/core/platform-pages';
import type { PlatformGateway } from '../../server/platform/gateway';
import { siteRecord } from '@/shared/platform/records';

/**
 * How the index pages through a platform's lists: it trusts no count and stops at the data (the
 * security review's M3: an x-total-count of 10^15 once took Storey's heap within a second).
 */
const pageSize = 10;

/** A platform whose list answers come from `page(skip)`; every path asked is recorded. */
function platform(page: (skip: number) => { items: unknown[]; total?: string }) {
  const asked: number[] = [];
  const gateway = {
    async readListingWhole(pathAndQuery: string) {
      const skip = Number(new URL(pathAndQuery, 'http://platform').searchParams.get('skip'));
      asked.push(skip);
      const { items, total } = page(skip);
      return {
        status: 200,
        headers: total === undefined ? {} : { 'x-total-count': total },
        body: Buffer.from(JSON.stringify(items)),
      };
    },
  } as unknown as PlatformGateway;
  const pages = createPlatformPages({
    gateway,
    wait: async () => {},
    pageSize,
    concurrency: 4,
    signal: new AbortController().signal,
    maxListItems: 100,
  });
  return { pages, asked };
}

const sitesFrom = (skip: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `s${skip + index}`, name: 'A site' }));

describe('paging through a platform list', () => {
  it('stops at the first short page although the count says 10^15', async () => {
    const { pages, asked } = platform((skip) => ({
      items: sitesFrom(skip, skip < 30 ? pageSize : 3),
      total: '1000000000000000',
    }));
    const list = await pages.restList('/api/Sites', siteRecord, 'the sites');
    expect(list.records).toHaveLength(33);
    // One page after another: a count beyond belief is not used to ask ahead.
    expect(asked).toEqual([0, 10, 20, 30]);
  });

  it('asks ahead within a plausible count, and stops where the data stops', async () => {
    const { pages, asked } = platform((skip) => ({
      items: sitesFrom(skip, skip < 20 ? pageSize : 0),
      total: '60',
    }));
    const list = await pages.restList('/api/Sites', siteRecord, 'the sites');
    expect(list.records).toHaveLength(20);
    expect(asked.slice(0, 1)).toEqual([0]);
    expect(Math.max(...asked)).toBeLessThan(60);
  });

  it('ends a list that never ends with a failed read, not an endless one', async () => {
    const { pages, asked } = platform((skip) => ({ items: sitesFrom(skip, pageSize) }));
    await expect(pages.restList('/api/Sites', siteRecord, 'the sites')).rejects.toThrow(
      /more than 100 entries in the sites/,
    );
    expect(asked.length).toBeLessThanOrEqual(100 / pageSize + 1);
  });

  it('ends the read of a platform that ignores skip and sends the same page again', async () => {
    const { pages, asked } = platform(() => ({ items: sitesFrom(0, pageSize) }));
    const failure = pages.restList('/api/Sites', siteRecord, 'the sites');
    await expect(failure).rejects.toBeInstanceOf(SyncReadError);
    await expect(failure).rejects.toThrow(/same page of the sites twice/);
    expect(asked).toEqual([0, 10]);
  });
});

describe("a round's budget spread over its period", () => {
  /** A platform of one-page lists; `clock` is the pace's monotonic clock, `waits` what it waited. */
  function pacedPlatform(budget: number, burst = 0) {
    const clock = { now: 0 };
    const waits: number[] = [];
    let asked = 0;
    const gateway = {
      async readListingWhole() {
        asked++;
        return { status: 200, headers: {}, body: Buffer.from(JSON.stringify(sitesFrom(0, 1))) };
      },
    } as unknown as PlatformGateway;
    const pages = createPlatformPages({
      gateway,
      wait: async (ms) => void waits.push(ms),
      pageSize,
      concurrency: 4,
      signal: new AbortController().signal,
      budget,
      pace: { everyMs: 40, burst, now: () => clock.now },
    });
    const read = (sites: string[]) =>
      Promise.allSettled(
        sites.map((site) => pages.restList(`/api/Sites/${site}`, siteRecord, 'the sites')),
      );
    return { read, clock, waits, asked: () => asked };
  }

  it('gives requests asked at once a start each, one pace apart, never the budget in a burst', async () => {
    const platform = pacedPlatform(10);
    await platform.read(['a', 'b', 'c', 'd', 'e']);
    // The first at once, each next one 40 ms after the one before.
    expect(platform.waits).toEqual([40, 80, 120, 160]);
    // Later than its turn: it starts at once, and the next one a pace after it.
    platform.clock.now = 1000;
    await platform.read(['f', 'g']);
    expect(platform.waits.slice(4)).toEqual([40]);
  });

  it('starts a burst at once, then holds the pace', async () => {
    const platform = pacedPlatform(10, 2);
    await platform.read(['a', 'b', 'c', 'd', 'e']);
    // The first three at once (the first and a burst of two), then 40 ms apart.
    expect(platform.waits).toEqual([40, 80]);
  });

  it('still stops at the budget, without waiting for a request it will not make', async () => {
    const platform = pacedPlatform(2);
    const outcomes = await platform.read(['a', 'b', 'c']);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect(platform.asked()).toBe(2);
    expect(platform.waits).toEqual([40]);
  });
});
