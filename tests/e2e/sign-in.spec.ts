import { expect, test } from '@playwright/test';
import { signInOnProvider } from './sign-in-helper';
import { recordAnswers, whenMenuOpened } from './page-checks';
import { signedJwt } from '../support/token-patterns';

// These start signed out.
test.use({ storageState: { cookies: [], origins: [] } });

test('signs in through the emulator’s provider and lands on the deep link asked for', async ({
  page,
}) => {
  const answers = recordAnswers(page);
  const buildings = await (
    await page.request.get('/api/Buildings', { headers: { 'X-CSRF': '1' } })
  ).status();
  expect(buildings).toBe(401);

  await page.goto('/sites?from=deep-link');
  await expect(page.getByRole('heading', { name: 'Sign in to Storey' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInOnProvider(page);
  await expect(page).toHaveURL(/\/sites\?from=deep-link$/);
  await expect(page.getByRole('table', { name: 'Sites' })).toBeVisible();
  await expect(page.getByRole('banner').getByLabel('Signed in as Dana Demo')).toBeVisible();

  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === 'storey-session')!;
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  // No token of any kind (a signed JWT has three parts) reached the browser.
  expect(await answers.everything()).not.toMatch(signedJwt);
});

test('refuses a wrong password at the provider', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInOnProvider(page, 'dana', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Unknown username or wrong password.');
});

test('signs out of Storey and of the provider', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInOnProvider(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Signed in as Dana Demo' }).click();
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await whenMenuOpened(signOut);
  await signOut.click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Storey' })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'storey-session')).toBe(
    false,
  );
});
