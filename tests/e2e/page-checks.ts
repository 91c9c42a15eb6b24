import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const screenshots = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(import.meta.dirname, '../../docs/screenshots')
  : path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** A screenshot for people to look at (`npm run screenshots` writes the README's). */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await mkdir(screenshots, { recursive: true });
  await page.screenshot({
    path: path.join(screenshots, `${name}.png`),
    fullPage: options.fullPage ?? false,
  });
}

/** A screenshot of one part of the page (a chart grid, a table). */
export async function shootPart(locator: Locator, name: string) {
  await mkdir(screenshots, { recursive: true });
  await locator.screenshot({ path: path.join(screenshots, `${name}.png`) });
}
