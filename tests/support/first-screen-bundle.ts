import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export const distDirectory = path.resolve(import.meta.dirname, '../../dist/client');

export function readManifest(dist = distDirectory): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/**
 * The JavaScript a first visit to `/` needs before the portfolio shows: the entry, the portfolio
 * route, and everything they import statically. Dynamic imports (charts, other routes, the CSV
 * writer) load later and do not count.
 */
export function firstScreenBundle(dist = distDirectory) {
  const manifest = readManifest(dist);
  const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const portfolioKey = Object.keys(manifest).find((key) =>
    key.endsWith('src/app/routes/portfolio.tsx'),
  );
  if (!entryKey || !portfolioKey)
    throw new Error('The build manifest has no entry or no portfolio route: run `npm run build`.');
  visit(entryKey);
  visit(portfolioKey);
  const sizes = [...files].map((file) => ({ file, gzipBytes: gzipped(file) }));
  const largest = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({ file: chunk.file, gzipBytes: gzipped(chunk.file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)[0]!;
  return {
    /** The entry chunk alone: what the browser evaluates before any route. */
    entry: { file: manifest[entryKey]!.file, gzipBytes: gzipped(manifest[entryKey]!.file) },
    chunks: sizes,
    gzipBytes: sizes.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    largest,
    manifest,
  };
}
