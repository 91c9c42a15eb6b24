import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, shoot } from './page-checks';

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
  await page.getByRole('combobox', { name: 'Rule' }).selectOption('devices-without-structure');
  await expect(page).toHaveURL(/\?rule=devices-without-structure$/);
  const issues = page.getByRole('table', { name: 'Issues' });
  await expect(issues.getByRole('link', { name: 'Annex (empty shell)' })).toBeVisible();
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
  expect(lines[0]).toBe('Rule,Severity,Building,Building id,Site,Organization,Detail,Explanation');
  expect(lines.slice(1).every((line) => line.startsWith('devices-without-structure,Error,'))).toBe(
    true,
  );
  expect(lines.some((line) => line.includes('Annex (empty shell)'))).toBe(true);

  await issues.getByRole('link', { name: 'Annex (empty shell)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annex (empty shell)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Data quality' })).toContainText(
    'Devices on a building without floors or spaces',
  );
});
