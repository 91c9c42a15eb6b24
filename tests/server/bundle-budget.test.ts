import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../server/cli/build-if-stale';
import { defaultCredentials } from '../../server/emulator/emulator';

const dist = path.resolve(import.meta.dirname, '../../dist');
const firstScreenBudgetBytes = 250 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

function allFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? allFiles(full) : [full];
  });
}

beforeAll(async () => {
  await buildIfStale();
}, 120_000);

describe('the built dashboard', () => {
  it('loads the first screen (shell + portfolio route, charts excluded) within 250 KB of gzipped JavaScript', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)!;
    const portfolio = Object.entries(manifest).find(([key]) =>
      key.endsWith('features/portfolio/components/portfolio-page.tsx'),
    )!;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      // Static imports load with the chunk; dynamic ones (charts, other routes) load later.
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entry[0]);
    visit(portfolio[0]);
    const bytes = [...files].reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length,
      0,
    );
    console.log(`first screen: ${files.size} chunks, ${(bytes / 1024).toFixed(1)} KB gzip`);
    expect(bytes).toBeLessThanOrEqual(firstScreenBudgetBytes);
  });

  it('splits charts and other routes into chunks of their own', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    const lazy = Object.keys(manifest).filter(
      (key) => manifest[key]!.src && (entry.dynamicImports ?? []).includes(key),
    );
    expect(lazy.some((key) => key.includes('building-page'))).toBe(true);
    expect(Object.keys(manifest).some((key) => key.includes('charts/bar-chart-card'))).toBe(true);
  });

  it('contains no client secret, token or credential field', () => {
    const secret = defaultCredentials('storey').clientSecret;
    for (const file of allFiles(dist)) {
      const text = readFileSync(file, 'latin1');
      expect(text, file).not.toContain(secret);
      expect(text, file).not.toContain('client_secret');
      expect(text, file).not.toMatch(/eyJhbGciOi[\w-]+\.[\w-]+\.[\w-]+/);
    }
  });
});
