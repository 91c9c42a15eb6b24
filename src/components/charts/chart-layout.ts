/**
 * How a bar chart is laid out, apart from the chart library: its labels' lines and its height,
 * shared by the chart and the placeholder drawn while the chart's code loads (the same height,
 * so nothing below moves when it arrives).
 */

const maxLabelCharacters = 30;
const maxLabelLines = 2;
export const labelLineHeight = 13;

/**
 * A category label in lines of at most `width` characters, broken between words, at most
 * `lines` of them: a rule's title ("Rooms of the same name on a floor") reads whole; only a
 * name longer than the lines hold ends in "…" (its whole text in the tick's tooltip).
 */
export function labelLines(full: string, width = maxLabelCharacters, lines = maxLabelLines) {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const result: string[] = [];
  let line = '';
  for (const word of words) {
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= width) line = joined;
    else {
      if (line) result.push(line);
      line = word;
    }
  }
  if (line || result.length === 0) result.push(line);
  const cut = (text: string) => `${text.slice(0, width - 1).trimEnd()}…`;
  const shown = result.slice(0, lines).map((text) => (text.length > width ? cut(text) : text));
  if (result.length > lines && !shown[lines - 1]!.endsWith('…'))
    shown[lines - 1] =
      shown[lines - 1]!.length < width ? `${shown[lines - 1]}…` : cut(shown[lines - 1]!);
  return shown;
}

/** The drawing's height: a row per category (taller where a label takes two lines), or fixed. */
export function chartHeight(
  layout: 'horizontal' | 'vertical',
  data: ReadonlyArray<{ label: string }>,
): number {
  if (layout === 'vertical') return 280;
  const rowHeight = data.some((datum) => labelLines(datum.label).length > 1) ? 36 : 28;
  return Math.max(140, data.length * rowHeight + 72);
}
