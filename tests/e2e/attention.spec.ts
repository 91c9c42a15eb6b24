import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, shoot } from './page-checks';
import { untilServerAnswers } from './server-answers';

/**
 * The server checks every building's current values once the index has its portfolio; the page is
 * opened when that first round is done (asked, not slept for).
 */
async function untilEveryBuildingIsChecked(page: Page) {
  await untilServerAnswers<{ checks: { buildings: number; checked: number } }>(
    page,
    '/api/index/attention',
    ({ checks }) => checks.buildings > 0 && checks.checked === checks.buildings,
  );
}

/**
 * The export of what is shown: its columns, and each row with its room's own band and source (an
 * office's, or a server room's envelope).
 */
async function expectExportWithEachRoomsBand(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('storey-needs-attention-temperature.csv');
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(
    'Room,Level,Building,Site,Measurement,Verdict,Value,Unit,Band,Band source,Out of band since (UTC),Since known,Out of band for,Reading time (UTC),Checked (UTC),Room id,Building id,Measurement id,Other sensors out of band',
  );
  expect(lines.length).toBeGreaterThan(1);
  const bandOf = (line: string) => {
    const match = /,Air temperature,Too (?:warm|cold),[\d.-]+,°C,([^,]+),("[^"]*"|[^,]*),/.exec(
      line,
    );
    return match ? `${match[1]} · ${match[2]!.replace(/"/g, '')}` : undefined;
  };
  const bands = new Set(lines.slice(1).map(bandOf));
  expect(
    [...bands].every((band) =>
      ['20–24 °C · EN 16798-1 category II', '18–27 °C · ASHRAE TC 9.9 recommended'].some((known) =>
        band?.startsWith(known),
      ),
    ),
    [...bands].join('; '),
  ).toBe(true);
}

test('lists the rooms out of band across the portfolio, filters them, exports them and leads to each', async ({
  page,
}) => {
  // The list, a filter, a CSV, a scan, a screenshot and a room: a walk through several screens.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await untilEveryBuildingIsChecked(page);

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Needs attention' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Needs attention now' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Rooms out of band' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'How current this is' })).toContainText(
    'The oldest check is from',
  );
  await shoot(page, 'attention');
  await expectNoSeriousA11yViolations(page);

  // Air temperature only, through the URL; every row is one.
  await page.getByRole('combobox', { name: 'Measurement' }).selectOption('temperature');
  await expect(page).toHaveURL(/\?kind=temperature$/);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Air temperature');
  const count = await rows.count();
  for (let index = 1; index < Math.min(count, 20); index++)
    await expect(rows.nth(index)).toContainText('Air temperature');

  await expectExportWithEachRoomsBand(page);

  // The first room leads to its own page, where its air temperature is shown now.
  const room = rows.nth(1).getByRole('link').first();
  const roomName = (await room.textContent())!.trim();
  await room.click();
  await expect(page.getByRole('heading', { level: 1, name: roomName })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Now' })
      .getByRole('group', { name: /^Air temperature/ })
      .first(),
  ).toContainText('°C');
});
