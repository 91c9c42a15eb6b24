import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, shoot, shootPart } from './page-checks';
import { untilServerAnswers } from './server-answers';

/**
 * The server reads every main meter's days after its first check of current values; the page is
 * opened when that first round has ranked them (asked, not slept for).
 */
async function untilTheFirstRoundHasRanked(page: Page) {
  await untilServerAnswers<{ rankedAt: string | null; coverage: { out: Record<string, number> } }>(
    page,
    '/api/index/energy',
    ({ rankedAt, coverage }) => rankedAt !== null && coverage.out['not-read-yet'] === 0,
    90_000,
  );
}

/** The last 12 whole months: sites that keep a year are ranked from the first round. */
async function expectTwelveMonths(page: Page, ranked: Locator) {
  const period = page.getByRole('combobox', { name: 'Period' });
  await period.selectOption('12-months');
  await expect(page).toHaveURL(/period=12-months/);
  await expect(page.getByText(/The last 12 whole months, \w+ \d{4} to \w+ \d{4}/)).toBeVisible();
  await expect(page.getByText(/\d+ of \d+ buildings have a figure; \d+ do not: /)).toBeVisible();
  await expect(ranked.getByRole('row').nth(1)).toBeVisible();
  await expect(ranked.getByRole('columnheader', { name: /Against/ })).toHaveCount(0);
  await shoot(page, 'energy-12-months');
  await period.selectOption('');
  await expect(ranked.getByRole('columnheader', { name: /Against/ })).toBeVisible();
}

/** Buildings left out with their reason, and the meters that stopped or are stuck. */
async function expectBuildingsLeftOut(page: Page) {
  await page.getByRole('combobox', { name: 'List' }).selectOption('out');
  const out = page.getByRole('table', { name: 'Buildings without a figure, and why' });
  await expect(out.getByRole('row').nth(1)).toBeVisible();
  await expect(out).toContainText('The platform has no floor area for it');
  // The emulator's stuck main meter: left out, and listed with the meters that stopped.
  await expect(out).toContainText('Its meter was stuck');
  await page.getByRole('combobox', { name: 'List' }).selectOption('stopped');
  await expect(page.getByRole('table', { name: 'Meters that stopped or are stuck' })).toContainText(
    /Its total stood still on \d+ whole days of the period/,
  );
}

/** A meter's week against the week before, drawn dashed over it, the choice kept in the URL. */
async function expectWeekAgainstTheWeekBefore(page: Page) {
  await page
    .getByRole('group', { name: 'Time range' })
    .getByRole('button', { name: '7 days' })
    .click();
  // The choice is kept in the URL, and read back from it.
  const against = page.getByRole('combobox', { name: 'Against' });
  await against.selectOption({ label: 'The period before (a week earlier)' });
  await expect(page).toHaveURL(/compare=previous/);
  await expect(against).toHaveValue('previous');
  const history = page.getByRole('region', { name: 'History' });
  await expect(
    history.getByRole('img', { name: /Dashed: the same hours a week earlier, from/ }).first(),
  ).toBeVisible();
  await shootPart(history, 'history-previous-week');
}

test("ranks the portfolio's buildings by kWh per m², says which are out and why, and leads to each", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await untilTheFirstRoundHasRanked(page);

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Energy' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Energy' })).toBeVisible();
  const ranked = page.getByRole('table', { name: 'Buildings ranked by energy use intensity' });
  await expect(ranked.getByRole('row').nth(1)).toBeVisible();
  // The coverage line: how many of all have a figure, and why the others have not.
  await expect(page.getByText(/\d+ of \d+ buildings have a figure; \d+ do not: /)).toBeVisible();
  await expect(page.getByText(/midnight to midnight on each site's clock/)).toBeVisible();
  // Highest intensity first.
  const values = (await ranked.getByRole('row').allTextContents()).slice(1);
  expect(values.length).toBeGreaterThan(1);
  await shoot(page, 'energy');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: 'Intensity in' }).selectOption('kbtu-ft2');
  await expect(page).toHaveURL(/unit=kbtu-ft2/);
  await expect(ranked.getByRole('columnheader', { name: 'kBtu/ft²' })).toBeVisible();

  await expectTwelveMonths(page, ranked);

  await expectBuildingsLeftOut(page);

  // A ranked building leads to its page, where its own energy is shown.
  await page.getByRole('combobox', { name: 'List' }).selectOption('');
  const building = ranked.getByRole('row').nth(1).getByRole('link').first();
  const name = (await building.textContent())!.trim();
  await building.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The same figures as the ranking: the page says where they come from.
  const energy = page.getByRole('region', { name: 'Energy' });
  await expect(energy.getByRole('link', { name: 'energy ranking' })).toBeVisible();
  await expect(energy).toContainText('kWh/m²');
  // Its charts drawn once a person scrolls to them (decision 0023).
  await energy.scrollIntoViewIfNeeded();
  await expect(energy.getByRole('img').first()).toBeVisible();
  // Its year beside its month, and its use in each of the 12 months.
  await expect(energy.getByText('Last 12 months')).toBeVisible();
  await expect(energy.getByText('Use per month, the last 12 whole months')).toBeVisible();

  await expectWeekAgainstTheWeekBefore(page);
});
