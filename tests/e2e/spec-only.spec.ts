import { expect, test } from '@playwright/test';
import { signInFromStart } from './sign-in-helper';

// A platform with exactly the interface specification's fields (EMULATOR_VARIANT=lean, whose
// GraphQL is the spec's alone): no ids on floors and rooms, no search of its own. Storey must still walk to every room, and its portfolio
// index (read building by building with the spec's query) still finds rooms anywhere.
test('walks tower → floor → room by position, and search finds rooms of buildings never opened', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFromStart(page);
  await page
    .getByRole('table', { name: 'Buildings' })
    .getByRole('link', { name: 'Skyline Tower', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skyline Tower' })).toBeVisible();
  await page.getByRole('link', { name: 'Level 30', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Level 30' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/\/levels\/30$/);
  await page.getByRole('link', { name: 'Server room 30.03' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Server room 30.03' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/\/levels\/30\/rooms\/\d+$/);
  // No devices and no current values on this platform: one plain line says so, nothing breaks.
  await expect(page.getByRole('region', { name: 'Now' })).toHaveText(
    'NowCurrent conditions are not shown: this platform does not offer current values.',
  );

  // The combobox comes when the field is first used (its chunk is not on the first load).
  await page.getByLabel('Search Storey').click();
  await page.getByRole('combobox', { name: 'Search Storey' }).fill('Skyline Tower 2 storage 0.02');
  await expect(
    page
      .getByRole('listbox')
      .getByRole('option', { name: /^Storage 0\.02.*Skyline Tower 2.*Level 0/ }),
  ).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});
