import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { signInOnProvider } from './sign-in-helper';

export const signedInState = path.resolve(
  import.meta.dirname,
  '../../test-results/e2e-signed-in.json',
);

setup('sign in once through the emulator’s identity provider', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  // The embedded default names its demo users where a person signs in.
  await expect(page.getByText('Demo users of this emulator: dana / storey-demo')).toBeVisible();
  await signInOnProvider(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await page.context().storageState({ path: signedInState });
});
