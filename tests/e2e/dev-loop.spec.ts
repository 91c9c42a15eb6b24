import { expect, test } from '@playwright/test';
import { signInOnProvider } from './sign-in-helper';

// `npm run dev`: the sources through Vite, every BFF path through its proxy, sign-in included.
test('signs in and shows the portfolio under npm run dev', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInOnProvider(page);
  // Vite transforms the sources on first request (and may re-bundle dependencies): a slow first
  // load is normal in the dev loop, so this wait is longer than the production tests'.
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('table', { name: 'Buildings' })).toBeVisible();
  await expect(page.getByRole('banner').getByLabel('Signed in as Dana Demo')).toBeVisible();
});
