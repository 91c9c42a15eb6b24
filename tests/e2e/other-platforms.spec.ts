import { expect, test, type Page } from '@playwright/test';
import { signInFromStart } from './sign-in-helper';

/**
 * The main journeys on platforms that are not Storey's own (server/emulator/variants.ts), each run
 * by `npm start` on its own emulator variant: `lean` (EMULATOR_VARIANT=lean, what the
 * specification shows and nothing more) and `hostile` (valid JSON of unexpected shapes). Every
 * screen shows its data, or says in words what the platform did not provide; none answers with a
 * failure of the whole screen.
 */

/** A screen that failed whole says so in an alert titled like these (components/query-states). */
async function expectNoWholeFailure(page: Page) {
  await expect(page.getByText(/could not be loaded|failed to load|went wrong/i)).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFromStart(page);
});

test('the portfolio, a building, a floor and a room, by clicks', async ({ page }) => {
  const table = page.getByRole('table', { name: 'Buildings' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Headline figures' })).toContainText('24');
  await table.getByRole('link', { name: 'Skyline Tower', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skyline Tower' })).toBeVisible();
  await page.getByRole('link', { name: 'Level 3', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Level 3' })).toBeVisible();
  const room = page.getByRole('table', { name: 'Rooms' }).getByRole('link').first();
  const name = (await room.textContent())!.split(' (')[0]!;
  await room.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  await expectNoWholeFailure(page);
});

test('search, the Sites, data quality, compare, attention and energy', async ({ page }) => {
  await page.getByLabel('Search Storey').click();
  await page.getByRole('combobox', { name: 'Search Storey' }).fill('Skyline Tower level 2');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  for (const [path, title] of [
    ['/sites', 'Sites'],
    ['/quality', 'Data quality'],
    ['/attention', 'Needs attention now'],
    ['/energy', 'Energy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Its data, or the words for what this platform does not give: never an empty page.
    await expect(page.getByRole('main')).not.toHaveText(new RegExp(`^${title}$`));
    await expectNoWholeFailure(page);
  }
  const ids = await page.evaluate(async () => {
    const answer = await fetch('/api/Buildings?take=3', { headers: { 'X-CSRF': '1' } });
    return ((await answer.json()) as Array<{ id?: unknown }>)
      .map((record) => record.id)
      .filter((id): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id));
  });
  await page.goto(`/compare?ids=${ids.slice(0, 2).join(',')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare buildings' })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectNoWholeFailure(page);
});
