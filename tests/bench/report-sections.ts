import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { root } from '../support/processes';

export const benchmarksDocument = path.join(root, 'docs/benchmarks.md');
const marker = (name: string, edge: 'start' | 'end') => `<!-- ${name}:${edge} -->`;

/** The sections other scripts own (the soak, the two instances), to carry over when the main report is rewritten. */
export function ownedSections(): string {
  if (!existsSync(benchmarksDocument)) return '';
  const text = readFileSync(benchmarksDocument, 'utf8');
  const sections = [...text.matchAll(/<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g)].map(
    (match) => match[0],
  );
  return sections.join('\n\n');
}

/** Writes docs/benchmarks.md as Prettier would, so the repository's format check stays green. */
export async function writeBenchmarksDocument(markdown: string): Promise<void> {
  const options = (await resolveConfig(benchmarksDocument)) ?? {};
  writeFileSync(
    benchmarksDocument,
    await format(markdown, { ...options, filepath: benchmarksDocument }),
  );
}

/** Writes (or replaces) one named section of docs/benchmarks.md, leaving the rest as it is. */
export async function writeSection(name: string, markdown: string): Promise<void> {
  const block = `${marker(name, 'start')}\n${markdown.trim()}\n${marker(name, 'end')}`;
  const text = existsSync(benchmarksDocument)
    ? readFileSync(benchmarksDocument, 'utf8')
    : '# Benchmarks\n';
  const pattern = new RegExp(`${marker(name, 'start')}[\\s\\S]*?${marker(name, 'end')}`);
  await writeBenchmarksDocument(
    pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`,
  );
}
