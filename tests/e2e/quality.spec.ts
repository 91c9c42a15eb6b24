import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, shoot, shootPart } from './page-checks';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('finds the empty-shell building through the data-quality page and exports the issues', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data quality' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data quality' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quality figures' })).toContainText('/ 100');
  // Every rule on the chart reads whole (in two lines where it needs them), none cut with "…".
  const byRule = page.getByRole('figure', { name: 'Issues by rule' });
  await byRule.scrollIntoViewIfNeeded();
  // The category labels: the texts that carry their whole name as a tooltip.
  const ruleTicks = byRule.locator('svg text:has(title)');
  await expect(ruleTicks.first()).toBeVisible();
  const drawn = await ruleTicks.evaluateAll((ticks) =>
    ticks.map((tick) =>
      [...tick.querySelectorAll('tspan')].map((line) => line.textContent).join(' '),
    ),
  );
  const titles = await page
    .getByRole('combobox', { name: 'Rule' })
    .locator('option')
    .allTextContents();
  expect(drawn.length).toBeGreaterThan(3);
  for (const label of drawn) expect(titles).toContain(label);
  expect(drawn.some((label) => label.length > 30)).toBe(true);
  await shootPart(byRule, 'quality-by-rule');
  await page.getByRole('combobox', { name: 'Rule' }).selectOption('devices-without-structure');
  await expect(page).toHaveURL(/\?rule=devices-without-structure$/);
  const issues = page.getByRole('table', { name: 'Issues' });
  await expect(
    issues.getByRole('link', { name: 'Annex (empty shell)', exact: true }),
  ).toBeVisible();
  await shoot(page, 'quality');
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('storey-data-quality-devices-without-structure.csv');
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(
    'Rule,Severity,Building,Building id,Site,Organization,Floor,Floor id,Rooms,Detail,Explanation',
  );
  expect(lines.slice(1).every((line) => line.startsWith('devices-without-structure,Error,'))).toBe(
    true,
  );
  expect(lines.some((line) => line.includes('Annex (empty shell)'))).toBe(true);

  await issues.getByRole('link', { name: 'Annex (empty shell)', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annex (empty shell)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Data quality' })).toContainText(
    'Devices on a building without floors or spaces',
  );
});

test('gives Skyline Tower one score on its page, in the portfolio and in the comparison', async ({
  page,
}) => {
  const headers = { 'x-csrf': '1' };
  const listing = (await (
    await page.request.get('/api/Buildings?take=100', { headers })
  ).json()) as Array<{ id: string; name: string | null }>;
  const tower = listing.find((building) => building.name === 'Skyline Tower')!;
  const other = listing.find((building) => building.id !== tower.id && building.name)!;

  await page.goto(`/buildings/${tower.id}`);
  const panel = page.getByRole('region', { name: 'Data quality' });
  await expect(panel).toContainText(/score \d+ \/ 100/);
  // The score the server worked out, read once the first sync is served.
  const own = (await (
    await page.request.get(`/api/index/quality/buildings/${tower.id}`, { headers })
  ).json()) as { score: number };
  // Every floor has two rooms called "Meeting room": one note, not "0 / 100".
  expect(own.score).toBeGreaterThanOrEqual(90);
  await expect(panel).toContainText(`score ${own.score} / 100`);
  // The stacking plan first; the same note on every floor is one line below it, its floors folded.
  const floorsTop = (await page.getByRole('region', { name: 'Floors' }).boundingBox())!.y;
  expect(floorsTop).toBeLessThan((await panel.boundingBox())!.y);
  const note = panel.getByRole('listitem').filter({ hasText: /\d+ floors: / });
  await expect(note).toHaveCount(1);
  expect(
    await note.locator('details').evaluate((details: HTMLDetailsElement) => details.open),
  ).toBe(false);

  await page.goto('/?q=Skyline%20Tower');
  const table = page.getByRole('table', { name: 'Buildings' });
  await expect(table.getByRole('columnheader', { name: /Quality score/ })).toBeVisible();
  const headerCells = table.getByRole('columnheader');
  const column = (await headerCells.allTextContents()).findIndex((text) =>
    text.includes('Quality score'),
  );
  expect(column).toBeGreaterThanOrEqual(0);
  const row = table.getByRole('row').filter({ hasText: 'Skyline Tower' }).first();
  await expect(row.getByRole('cell').nth(column)).toHaveText(String(own.score));

  await page.goto(`/compare?ids=${tower.id},${other.id}`);
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Data quality score' }) }),
  ).toContainText(`${own.score} / 100`);
});
