import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/cli/build.mjs';
import { defaultCredentials } from '../../server/emulator/emulator';
import { routePreloadsFile, type RoutePreloads } from '../../server/http/route-preloads';
import { distDirectory, firstScreenBundle, readManifest } from '../support/first-screen-bundle';
import { expectNoLeaks } from '../support/leaks';

// A ceiling that only comes down; issue #27's 180 KB is measured in `npm run bench` (decision 0016).
const firstScreenBudgetBytes = 225 * 1024;

function allFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? allFiles(full) : [full];
  });
}

beforeAll(async () => {
  build({ ifStale: true });
}, 120_000);

describe('the built dashboard', () => {
  it('loads the first screen (shell + portfolio route, charts excluded) within 225 KB of gzipped JavaScript', () => {
    const bundle = firstScreenBundle();
    expect(bundle.gzipBytes, `${bundle.chunks.length} chunks`).toBeLessThanOrEqual(
      firstScreenBudgetBytes,
    );
  });

  it('splits charts, the other routes and the virtualizer into chunks of their own', () => {
    const manifest = readManifest();
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect(
      (entry.dynamicImports ?? []).some((key) => key.endsWith('src/app/routes/building.tsx')),
    ).toBe(true);
    const firstScreen = new Set(firstScreenBundle().chunks.map((chunk) => chunk.file));
    const charts = Object.entries(manifest).find(([key]) => key.includes('charts/bar-chart-card'))!;
    expect(firstScreen.has(charts[1].file)).toBe(false);
    // The virtualizer comes only for a list too long to draw whole.
    const virtualRows = Object.entries(manifest).find(([key]) =>
      key.endsWith('virtual-building-rows.tsx'),
    )!;
    expect(firstScreen.has(virtualRows[1].file)).toBe(false);
  });

  it("lists every page's own chunks for the BFF to announce; the portfolio's complete its first screen", () => {
    const { routes } = JSON.parse(
      readFileSync(path.join(distDirectory, routePreloadsFile), 'utf8'),
    ) as RoutePreloads;
    // One per screen (src/app/router.tsx), each a pattern the router knows.
    expect(routes.map((route) => route.pattern).sort()).toEqual(
      [
        '/',
        '/access',
        '/access/me',
        '/alarms',
        '/alarms/:alarmId',
        '/alarms/noise',
        '/alarms/outbox',
        '/attention',
        '/buildings/:buildingId',
        '/buildings/:buildingId/levels/:level',
        '/buildings/:buildingId/levels/:level/rooms/:room',
        '/compare',
        '/energy',
        '/quality',
        '/search',
        '/sites',
      ].sort(),
    );
    for (const route of routes)
      for (const file of route.files) expect(existsSync(path.join(distDirectory, file))).toBe(true);
    // The entry brings its own chunks; the page's add what the portfolio needs, nothing more.
    const manifest = readManifest();
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    // Everything the entry imports, and what that imports (as the plugin leaves it out).
    const fromEntry = new Set<string>();
    const visit = (chunk: (typeof manifest)[string]) => {
      if (fromEntry.has(chunk.file)) return;
      fromEntry.add(chunk.file);
      for (const key of chunk.imports ?? []) visit(manifest[key]!);
    };
    visit(entry);
    const portfolio = routes.find((route) => route.pattern === '/')!.files;
    expect(new Set([...fromEntry, ...portfolio])).toEqual(
      new Set(firstScreenBundle().chunks.map((chunk) => chunk.file)),
    );
  });

  it('contains no client secret, token or credential field', () => {
    const secret = defaultCredentials('storey').clientSecret;
    for (const file of allFiles(distDirectory)) {
      const text = readFileSync(file, 'latin1');
      expectNoLeaks(text, { secrets: [secret] }, file);
      expect(text, file).not.toContain('client_secret');
    }
  });
});
