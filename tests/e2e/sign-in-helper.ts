import { expect, type Page } from '@playwright/test';

/** Signs in on the emulator's identity provider page, as a person would. */
export async function signInOnProvider(page: Page, username = 'dana', password = 'storey-demo') {
  await expect(
    page.getByRole('heading', { name: /Sign in to the building platform/ }),
  ).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From the start page of a Storey not yet signed in to, through the provider, to the portfolio. */
export async function signInFromStart(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInOnProvider(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
}
