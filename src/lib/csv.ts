/**
 * What makes a spreadsheet read a cell as a formula (OWASP's list: = + - @ tab, carriage return)
 * and the full-width signs some spreadsheets take for them. Tested on the raw value's first
 * character only, whatever follows: papaparse's own escapeFormulae tested the whole value with
 * `.` and `$`, so a line or paragraph separator anywhere let a formula through (security review M2).
 */
const formulaStart = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as a spreadsheet must read it: text that would start a formula gets a leading `'`. */
export function csvCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return formulaStart.test(value) ? `'${value}` : value;
}

/**
 * CSV for spreadsheets: a byte-order mark so Excel reads UTF-8, CRLF line ends, and formulas
 * escaped by Storey's one rule (`csvCell`), headers included. The writer loads on demand.
 */
export async function toCsv(
  fields: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): Promise<string> {
  const { default: papa } = await import('papaparse');
  return papa.unparse(
    {
      fields: fields.map((field) => String(csvCell(field))),
      data: rows.map((row) => row.map(csvCell)),
    },
    { escapeFormulae: false, newline: '\r\n' },
  );
}

/** Offers `csv` as a download named `filename`. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = Object.assign(document.createElement('a'), { href: url, download: filename });
  // In the document, and the URL kept a moment: some browsers start the download asynchronously.
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A name's letters and digits joined by "-", for file names ("Room 2.09" → "Room-2-09"). */
export function fileSlug(text: string, fallback = 'all'): string {
  return (
    text
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || fallback
  );
}
