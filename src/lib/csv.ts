/**
 * CSV for spreadsheets: a byte-order mark so Excel reads UTF-8, CRLF line ends, and formulas
 * escaped (a place called "=HYPERLINK(…)" must not run). The writer loads on demand.
 */
export async function toCsv(
  fields: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
): Promise<string> {
  const { default: papa } = await import('papaparse');
  return papa.unparse(
    { fields: [...fields], data: rows.map((row) => row.map((value) => value ?? '')) },
    { escapeFormulae: true, newline: '\r\n' },
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
