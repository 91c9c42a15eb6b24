import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Response } from '@playwright/test';

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
  // The sticky app bar would lie over a part scrolled into view: the picture is of the part.
  // (Through the CSSOM: the page's CSP refuses the style sheet Playwright's `style` would add.)
  const appBar = (visibility: string) =>
    locator.page().evaluate((value) => {
      const bar = document.querySelector<HTMLElement>('header.MuiAppBar-root');
      if (bar) bar.style.visibility = value;
    }, visibility);
  await appBar('hidden');
  await locator.screenshot({ path: path.join(screenshots, `${name}.png`) });
  await appBar('');
}

/**
 * Everything the page receives from now on: each answer's headers and body, read as it arrives.
 * `everything()` waits for the network to be quiet, stops listening, and awaits every read, so no
 * answer is missed and none is read after the page has closed.
 */
export function recordAnswers(page: Page) {
  const reads: Array<Promise<string>> = [];
  const read = (response: Response) => {
    reads.push(
      Promise.all([
        response.allHeaders().then((headers) => JSON.stringify(headers)),
        response.text().catch(() => ''),
      ]).then((parts) => parts.join('\n')),
    );
  };
  page.on('response', read);
  return {
    async everything(): Promise<string> {
      await page.waitForLoadState('networkidle');
      page.off('response', read);
      return (await Promise.all(reads)).join('\n');
    },
  };
}

/**
 * Each item of a list drawn on its own: every item's visible text and bars lie inside its own
 * box, and no item's box reaches into the next one (the UX walk saw a phone's stacking plan rows
 * drawn 16–24 px over each other).
 */
export async function expectItemsApart(list: Locator) {
  const boxes = await list.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => {
      const own = item.getBoundingClientRect();
      const parts = [...item.querySelectorAll('a, p, span, div')]
        .map((part) => part.getBoundingClientRect())
        .filter((part) => part.height > 0 && part.width > 0);
      return {
        top: own.top,
        bottom: own.bottom,
        partsTop: Math.min(...parts.map((part) => part.top)),
        partsBottom: Math.max(...parts.map((part) => part.bottom)),
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  const sorted = boxes.sort((a, b) => a.top - b.top);
  for (const [index, box] of sorted.entries()) {
    expect(box.partsTop, `item ${index + 1}'s contents start inside it`).toBeGreaterThanOrEqual(
      box.top - 0.5,
    );
    expect(box.partsBottom, `item ${index + 1}'s contents end inside it`).toBeLessThanOrEqual(
      box.bottom + 0.5,
    );
    const next = sorted[index + 1];
    if (next)
      expect(box.bottom, `item ${index + 1} ends before the next`).toBeLessThanOrEqual(
        next.top + 0.5,
      );
  }
}

/**
 * Brings every part that waits for the person to reach it (`data-waits-until-near`, decision
 * 0023) into the window in turn, as a person reading the page to its end does, and waits for each
 * to finish loading: the page as a whole is then there to check. Leaves the page at its top.
 */
export async function scrollThrough(page: Page) {
  for (;;) {
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    // The first part still waiting, brought to the middle of the window (not Playwright's
    // scrollIntoViewIfNeeded: a chart's placeholder has no height to see).
    const next = await page.evaluateHandle(() => {
      const part = document.querySelector('[data-waits-until-near]');
      part?.scrollIntoView({ block: 'center' });
      return part;
    });
    const element = next.asElement();
    if (!element) break;
    // Which part, should one never load: the text of the nearest labelled part around it.
    const where = await element.evaluate(
      (part) =>
        part.closest('[aria-label],[aria-labelledby]')?.textContent?.slice(0, 60) ??
        part.textContent?.slice(0, 60) ??
        '',
    );
    // Brought back to the middle at each look: a part above it that loads as it is reached grows
    // and pushes it out of the window again, as a person would then scroll on to it.
    await expect
      .poll(
        () =>
          element.evaluate((part) => {
            if (!part.isConnected || !part.hasAttribute('data-waits-until-near')) return true;
            part.scrollIntoView({ block: 'center' });
            return false;
          }),
        { message: `${page.url()}: a part waiting to be reached never loaded (${where})` },
      )
      .toBe(true);
    await next.dispose();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Waits until the menu holding `item` has finished opening (its Grow transition): a click
 * aimed at an item while its menu still scales in can land beside it on a busy machine.
 */
export async function whenMenuOpened(item: Locator) {
  await item.evaluate((element) =>
    Promise.all(
      (element.closest('.MuiPopover-paper') ?? element)
        .getAnimations()
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
