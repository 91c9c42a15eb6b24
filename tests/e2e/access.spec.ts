import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, shoot } from './page-checks';
import { signInOnProvider } from './sign-in-helper';

/**
 * The embedded default's demo people (server/emulator/demo-scopes.yaml), each signed in as a
 * person would, at a desk and on a phone, light and dark: what each is shown of the portfolio.
 * In order: the administrator's page lists the people seen signing in before.
 */
test.describe.configure({ mode: 'serial' });
test.use({ storageState: { cookies: [], origins: [] } });

const skylineTower = 'd27d85ab-c6a1-4b37-bc49-50e7b6f0ae06';

const looks = [
  { width: 1280, scheme: 'light' },
  { width: 390, scheme: 'dark' },
] as const;

async function signInAs(page: Page, username: string, look: (typeof looks)[number]) {
  await page.setViewportSize({ width: look.width, height: 900 });
  await page.emulateMedia({ colorScheme: look.scheme });
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInOnProvider(page, username);
}

/** What the app bar says is shared: in the bar at a desk, in the menu on a phone. */
async function scopeSummary(page: Page, width: number): Promise<string> {
  if (width >= 900)
    return (await page
      .getByRole('banner')
      .getByRole('link', { name: /^What I can see/ })
      .textContent())!;
  await page.getByRole('button', { name: 'Menu' }).click();
  const item = page.getByRole('menuitem', { name: /^What I can see/ });
  const text = (await item.textContent())!.replace('What I can see: ', '');
  await page.keyboard.press('Escape');
  return text;
}

for (const look of looks) {
  test.describe(`at ${look.width} px, ${look.scheme}`, () => {
    test('a service provider sees two client organisations, in the portfolio and in compare', async ({
      page,
    }) => {
      await signInAs(page, 'pat', look);
      await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
      const buildings = (await (
        await page.request.get('/api/Buildings?take=1000', { headers: { 'X-CSRF': '1' } })
      ).json()) as Array<{ id: string; organizationId: string }>;
      const organizations = [...new Set(buildings.map((building) => building.organizationId))];
      expect(organizations).toHaveLength(2);
      expect(await scopeSummary(page, look.width)).toBe(
        `2 organisations · ${buildings.length} buildings`,
      );
      const organizationFilter = page.getByLabel('Organization');
      await expect(organizationFilter.locator('option')).toHaveCount(3);
      await shoot(page, `access-provider-${look.width}-${look.scheme}`);

      const pair = organizations.map(
        (organization) =>
          buildings.find((building) => building.organizationId === organization)!.id,
      );
      await page.goto(`/compare?ids=${pair.join(',')}`);
      const sideBySide = page.getByRole('table', { name: 'Side by side' });
      await expect(sideBySide).toBeVisible();
      const me = (await (
        await page.request.get('/api/me', { headers: { 'X-CSRF': '1' } })
      ).json()) as { organizations: Array<{ name: string }> };
      const organizationRow = sideBySide.getByRole('row', { name: /^Organization/ });
      for (const organization of me.organizations)
        await expect(organizationRow).toContainText(organization.name);
      await expectNoSeriousA11yViolations(page);
    });

    test('a site FM sees one site, and another building is “not found, or not shared”', async ({
      page,
    }) => {
      await signInAs(page, 'sofia', look);
      await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
      expect(await scopeSummary(page, look.width)).toMatch(/^1 organisation · \d+ buildings?$/);
      await page.goto(`/buildings/${skylineTower}`);
      await expect(
        page.getByRole('heading', { name: 'Not found, or not shared with you' }),
      ).toBeVisible();
      // An id that exists nowhere reads the same.
      await page.goto('/buildings/no-such-building-anywhere');
      await expect(
        page.getByRole('heading', { name: 'Not found, or not shared with you' }),
      ).toBeVisible();
      await shoot(page, `access-not-shared-${look.width}-${look.scheme}`);
    });

    test('a tenant sees one building and why', async ({ page }) => {
      await signInAs(page, 'tom', look);
      await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
      expect(await scopeSummary(page, look.width)).toBe('1 organisation · 1 building');
      await page.goto('/access/me');
      const shared = page.getByRole('table', { name: 'Shared with you' });
      await expect(shared.getByRole('row', { name: /Skyline Tower/ })).toContainText(
        'tenant-skyline',
      );
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `access-what-i-can-see-${look.width}-${look.scheme}`);
    });

    test('someone with no groups is told whom to ask', async ({ page }) => {
      await signInAs(page, 'sam', look);
      await expect(page.getByText('Nothing is shared with you yet')).toBeVisible();
      await expect(page.getByRole('link', { name: 'access@storey.example' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `access-nothing-shared-${look.width}-${look.scheme}`);
    });

    test('a token with too many groups is refused in words', async ({ page }) => {
      await signInAs(page, 'olive', look);
      await expect(page.getByRole('heading', { name: 'Sign in to Storey' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('too many groups');
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `access-refused-${look.width}-${look.scheme}`);
    });

    test('an administrator sees the grants and who can see a building', async ({ page }) => {
      await signInAs(page, 'alex', look);
      await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
      await page.goto(`/access?building=${skylineTower}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Access' })).toBeVisible();
      const grants = page.getByRole('table', { name: 'Grants' });
      await expect(grants.getByRole('row', { name: /tenant-skyline/ })).toContainText(
        'Skyline Tower',
      );
      const audience = page.getByRole('list', { name: 'People who can see the building' });
      await expect(audience).toContainText('Tom Tenant');
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `access-admin-${look.width}-${look.scheme}`, { fullPage: true });
    });
  });
}
