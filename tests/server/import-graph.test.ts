/**
 * The import graph of `server/` and `src/` has no circle (issue #58): a module and what it imports
 * can be read, tested and moved in one direction. Relative and `@/` imports are followed, type
 * imports too (a circle of types still ties two modules' meaning together).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The module of `modules` an import names, or undefined for a package. */
function resolveImport(
  modules: ReadonlyMap<string, string>,
  from: string,
  specifier: string,
): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else return undefined;
  base = base.replace(/\.(ts|tsx|js|mjs)$/, '');
  return ['.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((candidate) => modules.has(candidate));
}

/** Each module's imports: `import … from`, `export … from` and `import type … from`. */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  return new Map(
    [...sources].map(([file, text]) => [
      file,
      [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)]
        .map((match) => resolveImport(sources, file, match[1]!))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

/** The graph's circles: each set of modules that reach one another (Tarjan's algorithm). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    order.set(module, next);
    low.set(module, next++);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target))
        low.set(module, Math.min(low.get(module)!, order.get(target)!));
    }
    if (low.get(module) !== order.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return found;
}

const sourcesOf = (...folders: string[]) =>
  new Map(
    folders.flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
        .map((file) => {
          const relative = path.join(folder, file);
          return [relative, readFileSync(path.join(root, relative), 'utf8')] as const;
        }),
    ),
  );

describe('the import graph', () => {
  it('finds a circle of two modules, type imports included, and none in a line', () => {
    const graph = importGraph(
      new Map([
        ['server/a.ts', "import { b } from './b.ts';"],
        ['server/b.ts', "import type { A } from './a.ts';\nimport { c } from './c.ts';"],
        ['server/c.ts', 'export const c = 1;'],
      ]),
    );
    expect(circles(graph)).toEqual([['server/a.ts', 'server/b.ts']]);
    expect(
      circles(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no circle in server/ and src/', () => {
    const sources = sourcesOf('server', 'src');
    expect(sources.size).toBeGreaterThan(200);
    expect(circles(importGraph(sources))).toEqual([]);
  });
});
