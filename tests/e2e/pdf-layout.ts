import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A run of text on a printed page, its box in PDF points (origin bottom left, y upwards). */
export interface PrintedText {
  text: string;
  page: number;
  left: number;
  right: number;
  bottom: number;
  top: number;
}

export interface PrintedPage {
  width: number;
  height: number;
  /** In the order Chromium painted them: the document's order. */
  texts: PrintedText[];
}

/**
 * Every page's text with where it stands, read by pdfjs from the PDF Chromium printed. Rotated
 * text (a chart's vertical axis title) gets the box it covers on the page.
 */
export async function readPrintedPages(bytes: Buffer): Promise<PrintedPage[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: PrintedPage[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const texts: PrintedText[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [a, b, , , x, y] = item.transform as [number, number, number, number, number, number];
      const along = item.width;
      const across = item.height;
      const box =
        Math.abs(b) > Math.abs(a)
          ? b > 0
            ? { left: x - across, right: x, bottom: y, top: y + along }
            : { left: x, right: x + across, bottom: y - along, top: y }
          : { left: x, right: x + along, bottom: y, top: y + across };
      texts.push({ text: item.str.trim(), page: number, ...box });
    }
    pages.push({ width, height, texts });
  }
  return pages;
}

/** Pairs of texts on one page that print over each other (more than a point in both directions). */
export function overprinted(page: PrintedPage): string[] {
  const found: string[] = [];
  const { texts } = page;
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const one = texts[i]!;
      const other = texts[j]!;
      const wide = Math.min(one.right, other.right) - Math.max(one.left, other.left);
      const high = Math.min(one.top, other.top) - Math.max(one.bottom, other.bottom);
      if (wide > 1 && high > 1) found.push(`"${one.text}" over "${other.text}"`);
    }
  }
  return found;
}

/** Texts that run past the page's edge. */
export function offThePage(page: PrintedPage): string[] {
  return page.texts
    .filter((text) => text.left < 0 || text.right > page.width || text.bottom < 0)
    .map((text) => `"${text.text}"`);
}

/**
 * The first printed text equal to `text` (and, if `followedBy` is given, followed by a text that
 * starts with it), or undefined.
 */
export function findPrinted(
  pages: PrintedPage[],
  text: string,
  followedBy = '',
): PrintedText | undefined {
  for (const page of pages) {
    const index = page.texts.findIndex(
      (candidate, at) =>
        candidate.text === text && (page.texts[at + 1]?.text ?? '').startsWith(followedBy),
    );
    if (index >= 0) return page.texts[index];
  }
  return undefined;
}

/** Everything printed on one page, one string. */
export const pageText = (page: PrintedPage): string =>
  page.texts.map((text) => text.text).join(' ');
