import { expect, test, type Page } from '@playwright/test';
import {
  expectItemsApart,
  expectNoSeriousA11yViolations,
  scrollThrough,
  shoot,
  whenMenuOpened,
} from './page-checks';
import { untilServerAnswers } from './server-answers';

interface Place {
  building: string;
  level: string;
  room: string;
  /** An alarm's page. */
  alarm: string;
}

/** A building with floors and rooms, and the paths of its first floor and a room on it. */
async function place(page: Page): Promise<Place> {
  const buildings = (await (
    await page.request.get('/api/Buildings?take=4', { headers: { 'X-CSRF': '1' } })
  ).json()) as Array<{ id: string }>;
  const id = buildings[3]!.id;
  // The server's first round raises the demo's alarms (asked for, not slept for).
  const { items } = await untilServerAnswers<{ items: Array<{ id: number }> }>(
    page,
    '/api/alarms?limit=1',
    (answer) => answer.items.length > 0,
  );
  const alarm = items[0]!.id;
  return {
    alarm: `/alarms/${alarm}`,
    building: `/buildings/${id}`,
    level: `/buildings/${id}/levels/1`,
    room: `/buildings/${id}/levels/1/rooms/3`,
  };
}

/** Every screen, by name, and its path for a building with floors and rooms. */
const screenPaths: ReadonlyArray<readonly [string, (at: Place, ids: string[]) => string]> = [
  ['portfolio', () => '/'],
  ['sites', () => '/sites'],
  ['quality', () => '/quality'],
  ['attention', () => '/attention'],
  ['energy', () => '/energy'],
  ['search', () => '/search?q=office'],
  ['building', (at) => at.building],
  ['level', (at) => at.level],
  ['room', (at) => at.room],
  ['compare', (_at, ids) => `/compare?ids=${ids.join(',')}`],
  ['alarms', () => '/alarms'],
  ['alarm', (at) => at.alarm],
  ['outbox', () => '/alarms/outbox'],
  ['alarm noise', () => '/alarms/noise'],
  ['my access', () => '/access/me'],
  ['access', () => '/access'],
];

async function screens(page: Page): Promise<Array<[string, string]>> {
  const at = await place(page);
  const ids = (
    (await (
      await page.request.get('/api/Buildings?take=3', { headers: { 'X-CSRF': '1' } })
    ).json()) as Array<{ id: string }>
  ).map((building) => building.id);
  return screenPaths.map(([name, pathOf]) => [name, pathOf(at, ids)]);
}

/** The tables that hide columns below a width: a column they hide there, by screen. */
const narrowTables: Record<string, { table: string; column: string; below: number }> = {
  portfolio: { table: 'Buildings', column: 'Reference', below: 1536 },
  sites: { table: 'Sites', column: 'Measurements', below: 1200 },
  level: { table: 'Rooms', column: 'Status', below: 900 },
};

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Tables drop columns to fit, say which, and show them on request (the table's card then scrolls
 * sideways, never the page).
 */
async function expectColumnsShownOnRequest(page: Page, name: string, width: number) {
  const narrow = narrowTables[name];
  if (narrow && width < narrow.below) {
    const table = page.getByRole('table', { name: narrow.table, exact: true });
    await expect(
      page.getByText(new RegExp(`hidden at this width \\(.*${narrow.column}.*\\)`)),
    ).toBeVisible();
    await expect(table.getByRole('columnheader', { name: narrow.column })).toBeHidden();
    await page.getByRole('button', { name: /^Show \d+ columns?$/ }).click();
    await expect(table.getByRole('columnheader', { name: narrow.column })).toBeVisible();
    expect(await pageOverflow(page), `${name} at ${width} px, every column`).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /^Hide \d+ columns?$/ }).click();
    await expect(table.getByRole('columnheader', { name: narrow.column })).toBeHidden();
  }
}

/** From a tablet's width two buildings of one name still read apart (their sites differ). */
async function expectSameNamesApart(page: Page) {
  const table = page.getByRole('table', { name: 'Buildings' });
  await expect(table.getByRole('columnheader', { name: 'Site' })).toBeVisible();
  const twins = table.getByRole('row').filter({ hasText: 'Harbour View' });
  await expect(twins).toHaveCount(2);
  const [first, second] = await twins.evaluateAll((rows) =>
    rows.map((row) => (row as HTMLElement).innerText),
  );
  expect(first).not.toBe(second);
}

for (const width of [390, 768, 1280]) {
  test(`every screen fits ${width} px without sideways scrolling, the app bar on one line`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of await screens(page)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Read to its end, so every part that waits for the person is there.
      await scrollThrough(page);
      expect(await pageOverflow(page), `${name} at ${width} px`).toBeLessThanOrEqual(0);
      await expectColumnsShownOnRequest(page, name, width);
      if (name === 'portfolio' && width >= 600) await expectSameNamesApart(page);
      const bar = await page.getByRole('banner').boundingBox();
      expect(bar!.height, `app bar on ${name}`).toBeLessThanOrEqual(64);
      if (['portfolio', 'building', 'room'].includes(name)) await shoot(page, `${name}-${width}`);
    }
    // Below 900 px navigation, colour scheme and sign-out are in the Menu.
    if (width >= 900) return;
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu');
    for (const item of [
      'Portfolio',
      'Sites',
      'Needs attention',
      'Energy',
      'Data quality',
      'Sign out',
    ])
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    const sites = menu.getByRole('menuitem', { name: 'Sites' });
    await whenMenuOpened(sites);
    await sites.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
  });
}

test('a 390-pixel phone shows the headline figures and the buildings before any chart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Buildings' });
  await expect(table.getByRole('link').first()).toBeVisible();
  const tableTop = (await table.boundingBox())!.y;
  const chartsTop = (await page.getByRole('region', { name: 'Charts' }).boundingBox())!.y;
  expect(tableTop).toBeLessThan(chartsTop);
  // The columns a facility manager needs first, each readable.
  for (const header of ['Building', 'Area (m²)'])
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  // The charts, far below, are neither fetched nor drawn until the person scrolls near them.
  const largest = page.getByRole('figure', { name: 'The 10 largest buildings' });
  await expect(largest).toHaveCount(0);
  await page.getByRole('region', { name: 'Charts' }).scrollIntoViewIfNeeded();
  await expect(largest.getByRole('img')).toBeVisible();
});

test("a 390-pixel phone reads a figure's wrapped label as one label, its lines close", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/attention');
  const label = page.getByText('Rooms out of band', { exact: true });
  await expect(label).toBeVisible();
  const { height, lineHeight, fontSize } = await label.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(style.lineHeight),
      fontSize: parseFloat(style.fontSize),
    };
  });
  // Wrapped over two lines at this width, spaced as lines of one label (the overline's own
  // 2.66 spaced them as two labels).
  expect(height).toBeGreaterThan(1.5 * lineHeight);
  expect(lineHeight).toBeLessThanOrEqual(1.7 * fontSize);
});

test('a 390-pixel phone draws each floor of a stacking plan on its own, none over the next', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const [, , , building] = (await (
    await page.request.get('/api/Buildings?take=4', { headers: { 'X-CSRF': '1' } })
  ).json()) as Array<{ id: string }>;
  await page.goto(`/buildings/${building!.id}`);
  const floors = page.getByRole('list', { name: 'Floors' });
  await expect(floors.getByRole('link').first()).toBeVisible();
  await expectItemsApart(floors);
  // Narrower still, a floor's state wraps to more lines: its row grows with it.
  await page.setViewportSize({ width: 320, height: 900 });
  await expectItemsApart(floors);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`paints its frame before the dashboard's code arrives, in the ${scheme} scheme the person chose`, async ({
    page,
  }) => {
    await page.addInitScript((mode) => localStorage.setItem('mui-mode', mode), scheme);
    // The dashboard's code never arrives: what shows is the page's own frame.
    await page.route(/\/src\/main\.tsx$|\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('status')).toHaveText('Loading Storey…');
    const bar = page.getByText('Storey', { exact: true });
    await expect(bar).toBeVisible();
    const colours = await bar.evaluate((element) => ({
      bar: getComputedStyle(element).backgroundColor,
      page: getComputedStyle(document.body).backgroundColor,
      scheme: document.documentElement.className,
    }));
    // The app bar's colours in each scheme (theme.ts): blue on white, or dark on dark.
    expect(colours).toEqual(
      scheme === 'dark'
        ? { bar: 'rgb(18, 18, 18)', page: 'rgb(18, 18, 18)', scheme: 'dark' }
        : { bar: 'rgb(29, 78, 216)', page: 'rgba(0, 0, 0, 0)', scheme: 'light' },
    );
  });
}

test('by keyboard alone: skip to the content, open a building, a floor and a room', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('table', { name: 'Buildings' }).getByRole('link').first(),
  ).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // From the content, the first building is reached in a handful of Tab stops, not thirty: the
  // three figures of what needs doing now, the filters, the sortable headers, then the rows.
  let stops = 0;
  for (; stops < 30; stops++) {
    await page.keyboard.press('Tab');
    const inTable = await page.evaluate(
      () =>
        document.activeElement?.tagName === 'A' &&
        document.activeElement.closest('table[aria-label="Buildings"]') !== null,
    );
    if (inTable) break;
  }
  expect(stops).toBeLessThan(24);
  const building = await page.evaluate(() => document.activeElement!.textContent);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: building! })).toBeVisible();

  const floors = page.getByRole('list', { name: 'Floors' });
  await expect(floors.getByRole('link').first()).toBeVisible();
  await floors.getByRole('link').last().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Level 0' })).toBeVisible();
  const rooms = page.getByRole('table', { name: 'Rooms', exact: true });
  await rooms.getByRole('link').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Room details' })).toBeVisible();
});

// One walk per colour scheme (one sign-in, one scheme switch), with time for each screen it
// visits: axe on a full screen takes 10–30 s on two busy cores, and the walk grows with the app.
const axeSecondsPerScreen = 30;
for (const scheme of ['light', 'dark'] as const) {
  test(`every screen is free of serious accessibility problems, ${scheme}`, async ({ page }) => {
    test.setTimeout(axeSecondsPerScreen * 1000 * screenPaths.length);
    const all = await screens(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    if (scheme === 'dark') {
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
    }
    for (const [name, path] of all) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Read to its end, so every part that waits for the person is there.
      await scrollThrough(page);
      await test.step(`${name}, ${scheme}`, () => expectNoSeriousA11yViolations(page));
    }
  });
}

test.describe('when the platform fails', () => {
  test('the portfolio keeps its frame and says in plain words what happened and what to do', async ({
    page,
  }) => {
    await page.route('**/api/Buildings?**', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Bad Gateway',
          status: 502,
          detail: 'The platform failed to answer (status 503).',
        }),
      }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The building platform is not answering.');
    await expect(alert).toContainText('Storey will keep trying; you can retry now.');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await shoot(page, 'portfolio-platform-down');
  });

  test('a hanging platform shows "still loading" after 5 seconds, inside the frame', async ({
    page,
  }) => {
    await page.route('**/api/Buildings?**', () => {
      // Never answered: the platform hangs.
    });
    // The portfolio reads the platform's listing (the Sites screen reads the index instead).
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await expect(
      page.getByText('Still loading: the building platform is slow to answer.'),
    ).toBeVisible({
      timeout: 10_000,
    });
  });
});
