/**
 * Accent- and case-insensitive matching, one character at a time so that the positions of a match
 * in the folded text are its positions in the original (for highlighting). It folds as the index's
 * SQL (`storey_search_text`, PostgreSQL's unaccent) folds names: tests/server/text-fold.test.ts
 * holds the two to one answer.
 */
/** Letters with no mark to strip (Ł is not L plus a mark), read as PostgreSQL's unaccent reads them. */
const baseLetters: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

const foldCharacter = (character: string): string => {
  const lower = character
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  return baseLetters[lower] ?? (lower || character);
};

export function fold(text: string): string {
  return [...text].map(foldCharacter).join('');
}

/** Where `needle` occurs in `text` (first occurrence), as [start, end) in the original text. */
export function matchRange(text: string, needle: string): [number, number] | undefined {
  const folded = fold(needle.trim());
  if (folded === '') return undefined;
  const characters = [...text];
  // Map each folded position back to its original character (folding may change lengths).
  const origin: number[] = [];
  let haystack = '';
  characters.forEach((character, index) => {
    const part = foldCharacter(character);
    for (let offset = 0; offset < part.length; offset++) origin.push(index);
    haystack += part;
  });
  const at = haystack.indexOf(folded);
  if (at < 0) return undefined;
  const start = origin[at]!;
  const end = origin[at + folded.length - 1]! + 1;
  const prefix = characters.slice(0, start).join('').length;
  return [prefix, prefix + characters.slice(start, end).join('').length];
}

export const matches = (text: string | null | undefined, needle: string): boolean =>
  text !== null && text !== undefined && matchRange(text, needle) !== undefined;
