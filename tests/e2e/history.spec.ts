import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, shootPart } from './page-checks';
import { roomWithSensors } from './places';

interface Reading {
  measurementValueId: string;
  value: string;
  timestamp: string;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

/**
 * Seven days, asked for through the BFF, whose answer the panel shows: every day of the week, page
 * by page, and the range in the address. The readings, as the platform answered them.
 */
async function sevenDaysAsked(page: Page, history: Locator): Promise<Reading[]> {
  // The first day's answer may still be on its way (the latest values show before it), so the
  // wait is for a longer one.
  const spanOf = (url: URL) =>
    Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!);
  const answered = page.waitForResponse(
    (response) =>
      /\/api\/Spaces\/[^/]+\/HistoricalValues\?/.test(response.url()) &&
      spanOf(new URL(response.url())) > 24 * 60 * 60 * 1000,
  );
  await history.getByRole('button', { name: '7 days' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(spanOf(new URL(response.url()))).toBe(7 * 24 * 60 * 60 * 1000);
  // The same answer, asked again by the test: the dashboard reads the body as a stream, and the
  // browser may drop its copy for tools once the page has it (Playwright then has no body).
  const again = await page.request.get(response.url(), { headers: { 'X-CSRF': '1' } });
  expect(again.status()).toBe(200);
  const readings = (await again.json()) as Reading[];
  // Every day of the week, page by page through the BFF (a device may have been quiet for days).
  const days = new Set(readings.map((reading) => reading.timestamp.slice(0, 10)));
  expect(days.size).toBeGreaterThanOrEqual(7);
  await expect(page).toHaveURL(/[?&]history=7d/);
  return readings;
}

/** Every reading of the range in the CSV, with both clocks' times. */
async function expectEveryReadingAsCsv(page: Page, history: Locator, readings: number) {
  const download = page.waitForEvent('download');
  await history.getByRole('button', { name: /^Download CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^storey-history-.+-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
  );
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(
    /^Time \(UTC\),Time in [^,]+ \(UTC[+-]\d\d:\d\d\),Measurement,Source,Measurement id,Value,Unit$/,
  );
  expect(lines).toHaveLength(readings + 1);
}

test("reads a room's last 7 days: named latest values, one chart per kind, every reading as CSV", async ({
  page,
}) => {
  await page.goto(await roomWithSensors(page));
  const history = page.getByRole('region', { name: 'History' });
  // Read once a person scrolls to it (decision 0023).
  await history.scrollIntoViewIfNeeded();
  await expect(
    history.getByText(/^Air temperature \(°C\)( · .+)?, last in history$/).first(),
  ).toBeVisible();

  const readings = await sevenDaysAsked(page, history);
  const measurements = [...new Set(readings.map((reading) => reading.measurementValueId))];

  // One latest value per series, each named (no "Measurement 1" left), with its unit.
  await expect(history.getByText(/, last in history$/)).toHaveCount(measurements.length);
  await expect(history.getByText(/^Measurement \d/)).toHaveCount(0);
  await expect(
    history.getByText('CO₂ (ppm), last in history').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/^\d[\d,]* ppm$/);
  // One chart per kind and unit (two temperature sensors share one), a line per series.
  const kinds = new Set(
    (await history.getByText(/, last in history$/).allTextContents()).map(
      (label) => label.replace(/, last in history$/, '').split(' · ')[0],
    ),
  );
  await expect(
    history.getByRole('img', { name: /^.+: (\d+ series, )?\d+ (readings|hours|days) from/ }),
  ).toHaveCount(kinds.size);
  // Each line drawn (recharts' path), thinned but not empty: each chart as it comes near, so
  // the person's scroll through them.
  for (const figure of await history.getByRole('figure').all())
    await figure.scrollIntoViewIfNeeded();
  await expect(history.locator('.recharts-line-curve')).toHaveCount(measurements.length);
  await page.mouse.move(0, 0); // no tooltip in the picture
  await shootPart(history, 'history-room-7-days');

  await expectEveryReadingAsCsv(page, history, readings.length);

  // As a table: a row per time, a column per measurement, each named as on its card.
  await history.getByRole('button', { name: 'Table' }).click();
  const table = history.getByRole('table', { name: 'Readings' });
  await expect(table.getByRole('columnheader')).toHaveCount(measurements.length + 1);
  const times = new Set(readings.map((reading) => reading.timestamp)).size;
  await expect(history.getByText(`of ${times.toLocaleString('en-US')} times`)).toBeVisible();
  await shootPart(history, 'history-room-table');
  await history.getByRole('button', { name: 'Chart' }).click();

  // The range survives a reload.
  await page.reload();
  await expect(history.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(page);
});

test("reads a floor's week: each kind's rooms as their spread and median, the furthest out named", async ({
  page,
}) => {
  const room = await roomWithSensors(page);
  await page.goto(room.replace(/\/rooms\/\d+$/, ''));
  const history = page.getByRole('region', { name: 'History' });
  // Read once a person scrolls to it (decision 0023).
  await history.scrollIntoViewIfNeeded();
  await expect(
    history.getByText(/^Air temperature \(°C\)( · .+)?, last in history$/).first(),
  ).toBeVisible();
  const week = page.waitForResponse(
    (response) =>
      /\/api\/Floors\/[^/]+\/HistoricalValues\?/.test(response.url()) &&
      response.url().includes('from=') &&
      Date.parse(new URL(response.url()).searchParams.get('to')!) -
        Date.parse(new URL(response.url()).searchParams.get('from')!) >
        24 * 60 * 60 * 1000,
  );
  await history.getByRole('button', { name: '7 days' }).click();
  expect((await week).status()).toBe(200);
  await expect(history.getByRole('status', { name: /^Loading the/ })).toHaveCount(0);
  const temperatures = history.getByRole('list', { name: 'Lines of Air temperature (°C)' });
  // The floor's temperature sensors, one latest value each (all of them on request).
  await history.getByRole('button', { name: /^Show all \d+ latest values$/ }).click();
  const sensors = await history.getByText(/^Air temperature \(°C\) · .+, last in history$/).count();
  await expect(temperatures.getByRole('listitem').first()).toHaveText(
    `Spread of ${sensors} series`,
  );
  const entries = await temperatures.getByRole('listitem').allTextContents();
  expect(entries[1]).toBe(`Median of ${sensors} series`);
  // Four rooms named, each one of the floor's sensors (named as their latest values are).
  const named = entries.slice(2);
  expect(named).toHaveLength(4);
  const latest = await history
    .getByText(/^Air temperature \(°C\) · .+, last in history$/)
    .allTextContents();
  for (const name of named)
    expect(latest).toContain(`Air temperature (°C) · ${name}, last in history`);
  // Drawn: the spread as an area, the median and the four rooms as lines.
  const chart = history
    .getByRole('figure')
    .filter({ has: page.getByRole('list', { name: 'Lines of Air temperature (°C)' }) });
  await chart.scrollIntoViewIfNeeded(); // each chart is drawn as it comes near
  await expect(chart.locator('.recharts-area-area')).toHaveCount(1);
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(5);
  await page.mouse.move(0, 0); // no tooltip in the picture
  await shootPart(history, 'history-floor-7-days');
  await expectNoSeriousA11yViolations(page);
});
