/**
 * Each test says one thing: no `it` or `test` block over 60 lines (issue #58). A longer one does
 * several things and fails for any of them; its steps become named helpers or tests of their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const maxLines = 60;

/** `it(…)`, `test(…)`, and their `.only`, `.each(…)(…)` and `.slow` forms. */
const isTestCall = (callee: ts.Expression): boolean => {
  if (ts.isIdentifier(callee)) return callee.text === 'it' || callee.text === 'test';
  if (ts.isPropertyAccessExpression(callee))
    return ['only', 'skip', 'fails', 'concurrent'].includes(callee.name.text)
      ? isTestCall(callee.expression)
      : false;
  if (ts.isCallExpression(callee)) {
    const inner = callee.expression;
    return ts.isPropertyAccessExpression(inner) && inner.name.text === 'each'
      ? isTestCall(inner.expression)
      : false;
  }
  return false;
};

/** Each test block of a file longer than `maxLines`, as "file:line (n lines)". */
export function longTestBlocks(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isTestCall(node.expression)) {
      const body = node.arguments.find(
        (argument) => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument),
      );
      if (body) {
        const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(body.getEnd()).line;
        if (last - first + 1 > maxLines)
          found.push(`${file}:${first + 1} (${last - first + 1} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('test blocks', () => {
  it('finds a block over 60 lines, in each form a test is written', () => {
    const long = Array.from({ length: maxLines }, () => '  expect(1).toBe(1);').join('\n');
    const text = [
      `it('short', () => {\n  expect(1).toBe(1);\n});`,
      `it('long', () => {\n${long}\n});`,
      `test.each([1])('long each %s', async () => {\n${long}\n});`,
      `it.only('long only', () => {\n${long}\n});`,
    ].join('\n');
    expect(longTestBlocks('x.test.ts', text).map((entry) => entry.split(' ')[0])).toEqual([
      'x.test.ts:4',
      'x.test.ts:66',
      'x.test.ts:128',
    ]);
  });

  it(`are at most ${maxLines} lines each, in every test file`, () => {
    const files = readdirSync(path.join(root, 'tests'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(test|spec)\.tsx?$/.test(file))
      .map((file) => path.join('tests', file));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) =>
      longTestBlocks(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(long).toEqual([]);
  });
});
