import { describe, expect, it } from 'vitest';
import type { HistorySettings } from '../../server/config';
import type { PlatformGateway } from '../../server/platform/gateway';
import { HistoryTooLarge, readHistory } from '../../server/platform/history-reader';
import { createEmulator } from '../../server/emulator/emulator';
import { csrf, startBff } from './support/harness';

/**
 * History pages without end (security review M4): one request abandoned after 5 s once made
 * Storey read 1,213 platform pages and crash 40 s later. Every day's reading is bounded by what
 * one answer may hold, a page that repeats ends it, and an answer nobody waits for any more stops
 * at its next page.
 */
const settings: HistorySettings = {
  pathTemplate: '/api/{level}/{id}/HistoricalValues',
  fromParam: 'startTime',
  toParam: 'endTime',
  maxDays: 30,
  pageSize: 10,
  maxReadings: 1000,
};
const range = { from: Date.parse('2026-11-25T00:00:00Z'), to: Date.parse('2026-11-26T00:00:00Z') };

/** A platform whose every history page is full and new (or the same, with `repeat`). */
function endlessPlatform(options: { repeat?: boolean; onPage?: (asked: number) => Promise<void> }) {
  let asked = 0;
  const gateway = {
    async readListingWhole(pathAndQuery: string) {
      asked += 1;
      await options.onPage?.(asked);
      const skip = options.repeat
        ? 0
        : Number(new URL(pathAndQuery, 'http://platform').searchParams.get('skip'));
      const readings = Array.from({ length: settings.pageSize }, (_, index) => ({
        measurementValueId: 'm1',
        value: String(skip + index),
        timestamp: new Date(range.from + (skip + index) * 1000).toISOString(),
      }));
      return { status: 200, headers: {}, body: Buffer.from(JSON.stringify(readings)) };
    },
  } as unknown as PlatformGateway;
  return { gateway, asked: () => asked };
}

describe('reading a day of history', () => {
  it('stops a day that pages without end at what one answer may hold', async () => {
    const platform = endlessPlatform({});
    await expect(
      readHistory({ gateway: platform.gateway, settings, level: 'Buildings', id: 'b1', range }),
    ).rejects.toBeInstanceOf(HistoryTooLarge);
    expect(platform.asked()).toBeLessThanOrEqual(settings.maxReadings / settings.pageSize + 1);
  });

  it('stops at a page that repeats the one before (a platform ignoring skip)', async () => {
    const platform = endlessPlatform({ repeat: true });
    await expect(
      readHistory({ gateway: platform.gateway, settings, level: 'Buildings', id: 'b1', range }),
    ).rejects.toThrow(/same page of history twice/);
    expect(platform.asked()).toBe(2);
  });

  it('asks no page more once the browser has gone', async () => {
    const gone = new AbortController();
    const platform = endlessPlatform({
      onPage: async (asked) => {
        if (asked === 3) gone.abort();
      },
    });
    await expect(
      readHistory({
        gateway: platform.gateway,
        settings,
        level: 'Buildings',
        id: 'b1',
        range,
        signal: gone.signal,
      }),
    ).rejects.toThrow(/abort/i);
    expect(platform.asked()).toBe(3);
  });
});

describe('an abandoned history request, over real HTTP', () => {
  it('makes the BFF stop asking the platform at its next page', async () => {
    // The platform holds its second page until the test lets it go.
    let asked = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let secondAsked!: () => void;
    const second = new Promise<void>((resolve) => (secondAsked = resolve));
    const emulator = await createEmulator();
    emulator.app.addHook('onRequest', async (request, reply) => {
      // The reader's pages (the BFF's capability probe asks for one reading: take=1).
      if (!request.url.includes('/HistoricalValues') || !request.url.includes('take=10')) return;
      asked += 1;
      if (asked === 2) {
        secondAsked();
        await held;
      }
      const readings = Array.from({ length: 10 }, (_, index) => ({
        measurementValueId: 'm1',
        value: String(asked * 10 + index),
        timestamp: new Date(range.from + (asked * 10 + index) * 1000).toISOString(),
      }));
      return reply.code(200).send(readings);
    });
    const platform = await emulator.listen();
    let ended!: (error: Error) => void;
    const failure = new Promise<Error>((resolve) => (ended = resolve));
    let left!: () => void;
    const browserLeft = new Promise<void>((resolve) => (left = resolve));
    const bff = await startBff(
      platform,
      { PLATFORM_HISTORY_TAKE: '10' },
      {
        beforeReady: (app) => {
          app.addHook('onRequestAbort', async (_request) => left());
          app.addHook('onError', async (_request, _reply, error) => ended(error));
        },
      },
    );
    try {
      const address = await bff.app.listen({ host: '127.0.0.1', port: 0 });
      const browser = new AbortController();
      const answer = fetch(
        `${address}/api/Buildings/${emulator.portfolio.buildings[0]!.record.id}/HistoricalValues?from=2026-11-25T00:00:00Z&to=2026-11-26T00:00:00Z`,
        { headers: csrf, signal: browser.signal },
      ).catch((error: Error) => error);
      await second;
      browser.abort();
      await answer;
      // The BFF has seen the browser go; only then does the held page arrive.
      await browserLeft;
      release();
      // The reading ends as aborted once the held page has come: no third page was asked.
      expect(String(await failure)).toMatch(/abort/i);
      expect(asked).toBe(2);
    } finally {
      await bff.close();
      await emulator.close();
    }
  });
});
