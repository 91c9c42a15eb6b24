import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectNoSeriousA11yViolations, shoot } from './page-checks';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** The text of each page of a PDF, one string per page. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return pages;
}

test('picks three buildings, compares them, keeps the comparison on reload, exports and prints it', async ({
  page,
}) => {
  await page.goto('/?q=harbour');
  const table = page.getByRole('table', { name: 'Buildings' });
  const boxes = table.getByRole('checkbox', { name: /^Compare / });
  await expect(boxes).toHaveCount(3);
  for (const box of await boxes.all()) await box.check();
  const bar = page.getByRole('group', { name: 'Comparison' });
  await expect(bar).toContainText('3 of 6 picked');
  await bar.getByRole('link', { name: 'Compare 3' }).click();

  await expect(page).toHaveURL(/\/compare\?ids=[^,]+,[^,]+,[^,]+$/);
  const sideBySide = page.getByRole('table', { name: 'Side by side' });
  await expect(sideBySide.getByRole('columnheader', { name: /^[ABC] · / })).toHaveCount(3);
  await expect(page.getByRole('img', { name: /^[ABC], .+: \d+ floors/ })).toHaveCount(3);
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

  // Printed as Chromium prints it: A4 landscape from the print stylesheet.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('img', { name: /^Area per floor across/ })).toBeVisible();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = await pdfPages(pdf);
  expect(pages.length).toBeGreaterThanOrEqual(1);
  // The table, the plans, seven figures two abreast: five pages at most.
  expect(pages.length).toBeLessThanOrEqual(5);
  // No app bar or buttons on paper.
  expect(pages.join(' ')).not.toContain('SIGN OUT');
  expect(pages.join(' ')).not.toMatch(/Download CSV|DOWNLOAD CSV/);
  // No table or figure cut across pages: the first and last thing in each are on one page.
  const onPage = (text: string) => pages.findIndex((content) => content.includes(text));
  expect(onPage('Organization')).toBeGreaterThanOrEqual(0);
  expect(onPage('Organization')).toBe(onPage('Energy use intensity (kWh/m², 30 days) '));
  for (const [caption, axis] of [
    ['Area per floor The building’s area', 'Area per floor (m²) 0'],
    ['Spaces per 1,000 m² How densely', 'Spaces per 1,000 m² (spaces) 0'],
    ['Measurements per device How many', 'Measurements per device (measurements) 0'],
    ['Energy use intensity The main meters', 'Energy use intensity (kWh/m², 30 days) 0'],
  ] as const) {
    expect(onPage(caption), caption).toBeGreaterThanOrEqual(0);
    expect(onPage(axis), axis).toBe(onPage(caption));
  }
});
