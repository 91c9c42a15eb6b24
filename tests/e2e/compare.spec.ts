import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, shoot } from './page-checks';
import {
  findPrinted,
  offThePage,
  overprinted,
  pageText,
  readPrintedPages,
  type PrintedPage,
  type PrintedText,
} from './pdf-layout';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** The three Harbour View buildings, picked in the table and compared. */
async function compareHarbours(page: Page) {
  await page.goto('/?q=harbour');
  const table = page.getByRole('table', { name: 'Buildings' });
  const boxes = table.getByRole('checkbox', { name: /^Compare / });
  await expect(boxes).toHaveCount(3);
  for (const box of await boxes.all()) await box.check();
  const bar = page.getByRole('group', { name: 'Comparison' });
  await expect(bar).toContainText('3 of 6 picked');
  await bar.getByRole('link', { name: 'Compare 3' }).click();
  await expect(page).toHaveURL(/\/compare\?ids=[^,]+,[^,]+,[^,]+$/);
}

test('keeps Compare in reach while ticking rows down the table, never over the last row', async ({
  page,
}) => {
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Buildings' });
  const boxes = table.getByRole('checkbox', { name: /^Compare / });
  await boxes.first().check();
  const bar = page.getByRole('group', { name: 'Comparison' });
  // Ticked far down the table, the bar (and its count) is still on screen.
  const last = boxes.last();
  await last.scrollIntoViewIfNeeded();
  await last.check();
  await expect(bar).toContainText('2 of 6 picked');
  await expect(bar.getByRole('link', { name: 'Compare 2' })).toBeInViewport();
  // At the very end of the page the last row shows whole above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastRow = await table.getByRole('row').last().boundingBox();
  const barBox = await bar.boundingBox();
  expect(lastRow!.y + lastRow!.height).toBeLessThanOrEqual(barBox!.y);
  await shoot(page, 'compare-picking-end-of-table');
  // A seventh box says why it cannot be ticked.
  for (const box of (await boxes.all()).slice(1, 5)) await box.check();
  await expect(bar).toContainText('6 of 6 picked · the most Compare shows');
  const seventh = table.getByRole('checkbox', { name: /^Compare /, disabled: true }).first();
  await expect(seventh).toHaveAttribute('title', /clear one to pick this/);
  await bar.getByRole('button', { name: 'Clear' }).click();
  await expect(bar).toHaveCount(0);
});

test('picks three buildings, compares them, keeps the comparison on reload and exports it', async ({
  page,
}) => {
  await compareHarbours(page);
  const sideBySide = page.getByRole('table', { name: 'Side by side' });
  await expect(sideBySide.getByRole('columnheader', { name: /^[ABC] · / })).toHaveCount(3);
  await expect(page.getByRole('img', { name: /^[ABC], .+: \d+ floors?/ })).toHaveCount(3);
  await expect(page.getByRole('img', { name: /^Area per floor across/ })).toBeVisible();
  // Energy use intensity as the index ranks it: each building has a figure or says why not.
  const intensity = sideBySide
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: 'Energy use intensity (kWh/m², 30 days)' }),
    })
    .getByRole('cell');
  for (const cell of (await intensity.all()).slice(0, 3))
    await expect(cell).toHaveText(/^(\d[\d,.]* · \d+(st|nd|rd|th) percentile|not available: .+)/);
  await expect(page.getByRole('img', { name: /^Energy use intensity across/ })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  await shoot(page, 'compare');
  await expectNoSeriousA11yViolations(page);

  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(sideBySide.getByRole('columnheader', { name: /^[ABC] · / })).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^Letter,Building,Reference,/);
  expect(lines.slice(1, 4).map((line) => line.split(',')[0])).toEqual(['A', 'B', 'C']);
  expect(lines.slice(4).map((line) => line.split(',')[1])).toEqual([
    'Portfolio median',
    'Portfolio lower quartile',
    'Portfolio upper quartile',
  ]);
});

/**
 * What the screen says the printout must hold: each figure's caption, its axis title, and the
 * letters of the buildings its chart marks (from the chart's own description).
 */
async function figuresOnScreen(page: Page) {
  const region = page.getByRole('region', { name: 'Against the portfolio' });
  await expect(region.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  return region.getByRole('figure').evaluateAll((figures) =>
    figures.map((figure) => {
      const description = figure.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '';
      return {
        caption: figure.querySelector('figcaption')?.textContent?.trim() ?? '',
        // The explanation's first words (the paragraph under the caption): a caption's text also
        // begins a row of the side-by-side table.
        lead: figure.querySelector(':scope > p')?.textContent?.trim().slice(0, 12) ?? '',
        letters: [...description.matchAll(/\b([A-F]) at /g)].map((match) => match[1]!).sort(),
      };
    }),
  );
}

type ScreenFigure = Awaited<ReturnType<typeof figuresOnScreen>>[number];

const sameLine = (one: PrintedText, other: PrintedText) =>
  one.page === other.page && Math.abs(one.top - other.top) < 2;

/**
 * The page printed as Chromium prints it: A4 landscape from the print stylesheet, kept beside the
 * screenshots, with the page's own date read before and after (a print across midnight has either).
 */
async function printComparison(page: Page, width: number) {
  // Printed as Chromium prints it: A4 landscape from the print stylesheet. The page's own
  // clock dates the printout, read before and after (a print across midnight has either date).
  const pageDate = () =>
    page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date()),
    );
  const before = await pageDate();
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  // Kept for people to look at, beside the screenshots.
  await writeFile(test.info().outputPath(`compare-${width}.pdf`), pdf);
  const pages = await readPrintedPages(pdf);
  const after = await pageDate();
  return { pages, dates: [before, after] };
}

/** A header that says what this is, when it was printed and how fresh, and which buildings. */
function expectPrintedHeader(pages: PrintedPage[], dates: string[]) {
  const first = pageText(pages[0]!);
  expect(first).toContain('Storey · Compare buildings');
  expect(dates.some((date) => first.includes(`Printed ${date}`))).toBe(true);
  expect(first).toMatch(/Portfolio index as of \w{3} \d{1,2}, \d{4}/);
  expect(first).toMatch(
    /Compared: A Harbour View \(.+\), B Harbour View .+ against the whole portfolio of 24 buildings/,
  );
  // The side-by-side table starts under the header (the first page is not left empty), and
  // where it runs on, the next page repeats the buildings' letters at its head.
  expect(first).toContain('Side by side');
  expect(first).toContain('Portfolio median');
  const tableEnds = pages.findIndex((printed) => pageText(printed).includes('Floors at one scale'));
  for (const printed of pages.slice(1, tableEnds))
    expect(printed.texts.slice(0, 8).map((text) => text.text)).toContain('A · Harbour View');
}

/** Nothing over anything else or past the paper's edge, no heading alone at a page's foot. */
function expectPagesClean(pages: PrintedPage[], headings: string[]) {
  for (const [index, printed] of pages.entries()) {
    // Nothing printed over anything else, nothing past the paper's edge.
    expect(overprinted(printed), `page ${index + 1}`).toEqual([]);
    expect(offThePage(printed), `page ${index + 1}`).toEqual([]);
    // No heading left alone at the foot of a page.
    if (index < pages.length - 1)
      expect(headings, `page ${index + 1} ends with a heading`).not.toContain(
        printed.texts.at(-1)?.text,
      );
  }
}

/** A figure's chart within its own half of the page, legible, with every marker. */
function expectFigurePrinted(pages: PrintedPage[], figures: ScreenFigure[], figure: ScreenFigure) {
  const caption = findPrinted(pages, figure.caption, figure.lead);
  expect(caption, figure.caption).toBeDefined();
  const captions = figures
    .map((other) => findPrinted(pages, other.caption, other.lead))
    .filter((other): other is PrintedText => other !== undefined && other !== caption);
  const printed = pages[caption!.page - 1]!;
  const right =
    captions
      .filter((other) => sameLine(other, caption!) && other.left > caption!.left)
      .map((other) => other.left)
      .sort((a, b) => a - b)[0] ?? printed.width;
  const floor =
    captions
      .filter(
        (other) =>
          other.page === caption!.page &&
          other.top < caption!.bottom &&
          Math.abs(other.left - caption!.left) < 2,
      )
      .map((other) => other.top)
      .sort((a, b) => b - a)[0] ?? 0;
  // A text belongs to the figure its middle stands in (an axis title may start left of it).
  const inside = printed.texts.filter((text) => {
    const middle = (text.left + text.right) / 2;
    return (
      text.top <= caption!.top + 1 &&
      text.bottom >= floor &&
      middle >= caption!.left - 24 &&
      middle < right
    );
  });
  for (const text of inside)
    expect(
      text.right,
      `"${text.text}" in ${figure.caption} runs into the next figure`,
    ).toBeLessThan(right);
  const axis = inside.find((text) => text.text.startsWith(`${figure.caption} (`));
  expect(axis, `${figure.caption}: axis title`).toBeDefined();
  // Drawn for the page, not shrunk from the window: the axis title at 8 points or more.
  expect(axis!.top - axis!.bottom, `${figure.caption}: axis title size`).toBeGreaterThan(8);
  const letters = inside
    .map((text) => /^([A-F])( →)?$/.exec(text.text)?.[1])
    .filter((letter): letter is string => letter !== undefined)
    .sort();
  expect(letters, `${figure.caption}: markers`).toEqual(figure.letters);
}

for (const width of [1024, 1440, 1920]) {
  test(`prints the comparison from a ${width} px window: charts laid out for the page, every marker, a dated header`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await compareHarbours(page);
    await expect(page.getByRole('img', { name: /^Energy use intensity across/ })).toBeVisible();
    const figures = await figuresOnScreen(page);
    expect(figures.length).toBeGreaterThanOrEqual(7);
    // Each caption is told from the table row of the same words by the explanation under it.
    for (const figure of figures) expect(figure.lead, figure.caption).not.toBe('');
    const headings = await page
      .locator('main')
      .locator('h1, h2, h3, figcaption')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));

    const { pages, dates } = await printComparison(page, width);
    // The side-by-side table, the plans, the figures two abreast: five pages at most.
    expect(pages.length).toBeLessThanOrEqual(5);
    const all = pages.map(pageText).join(' ');
    expect(all).not.toMatch(/sign out|download csv|\bprint\b/i);
    expectPrintedHeader(pages, dates);
    expectPagesClean(pages, headings);
    for (const figure of figures) expectFigurePrinted(pages, figures, figure);
  });
}

test('prints the comparison on white paper from the dark scheme: dark text, light charts', async ({
  page,
}) => {
  await compareHarbours(page);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('img', { name: /^Energy use intensity across/ })).toBeVisible();
  // Luminance of the heading's text and of a chart's tick labels (0 black, 1 white).
  const inks = () =>
    page.evaluate(() => {
      const luminance = (colour: string) => {
        const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as [
          number,
          number,
          number,
        ];
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      const tick = document.querySelector('.recharts-cartesian-axis-tick-value');
      return {
        heading: luminance(getComputedStyle(document.querySelector('h1')!).color),
        tick: luminance(tick?.getAttribute('fill') ?? getComputedStyle(tick!).fill),
      };
    });
  const onScreen = await inks();
  expect(onScreen.heading).toBeGreaterThan(0.7);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('html')).toHaveClass(/light/);
  const onPaper = await inks();
  expect(onPaper.heading).toBeLessThan(0.3);
  expect(onPaper.tick).toBeLessThan(0.5);
  // Back on screen, back in the person's scheme.
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
});
