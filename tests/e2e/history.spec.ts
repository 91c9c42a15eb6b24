import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, shootPart } from './page-checks';

interface Reading {
  measurementValueId: string;
  value: string;
  timestamp: string;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("reads a room's last 7 days: latest values, one chart per measurement, every reading as CSV", async ({
  page,
}) => {
  const [, , , building] = (await (
    await page.request.get('/api/Buildings?take=4', { headers: { 'X-CSRF': '1' } })
  ).json()) as Array<{ id: string }>;
  await page.goto(`/buildings/${building!.id}/levels/1/rooms/3`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/^Measurement 1, latest$/)).toBeVisible();

  // Seven days, asked for through the BFF, whose answer the panel shows. The first day's answer
  // may still be on its way (the latest values show before it), so the wait is for a longer one.
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
  const readings = (await response.json()) as Reading[];
  const measurements = [...new Set(readings.map((reading) => reading.measurementValueId))];
  expect(readings.length).toBeGreaterThan(600 * measurements.length);
  await expect(page).toHaveURL(/[?&]history=7d/);

  // The latest value of the first measurement, as the platform sent it.
  const latest = readings
    .filter((reading) => reading.measurementValueId === measurements[0])
    .at(-1)!;
  await expect(
    history.getByText(/^Measurement 1, latest$/).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(
    new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(Number(latest.value)),
  );
  await expect(history.getByRole('img', { name: /^Measurement \d: \d+ readings/ })).toHaveCount(
    measurements.length,
  );
  // Each chart draws a line (recharts' path), thinned but not empty.
  await expect(history.locator('.recharts-line-curve')).toHaveCount(measurements.length);
  await page.mouse.move(0, 0); // no tooltip in the picture
  await shootPart(history, 'history-room-7-days');

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
  expect(lines[0]).toMatch(/^Time \(UTC\),Time \(.+\),Measurement,Measurement id,Value$/);
  expect(lines).toHaveLength(readings.length + 1);

  // The range survives a reload.
  await page.reload();
  await expect(history.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(page);
});
