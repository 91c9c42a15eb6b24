import { expect, test, type Page } from '@playwright/test';
import { expectItemsApart, expectNoSeriousA11yViolations, shoot, shootPart } from './page-checks';
import { signInFromStart } from './sign-in-helper';

// The emulator's large profile: 10,000 buildings and a 200-level tower of 100 rooms a floor.
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFromStart(page);
});

/** From the portfolio to the 200-level tower's page, as a person finds it in the table. */
async function openTheTower(page: Page) {
  await page.getByRole('textbox', { name: 'Search name or reference' }).fill('Skyline Tower');
  await page
    .getByRole('table', { name: 'Buildings' })
    .getByRole('link', { name: 'Skyline Tower', exact: true })
    .first()
    .click();
}

async function aRoomHighInTheTower(page: Page): Promise<{ name: string; level: string }> {
  const answer = await page.request.post('/graphql', {
    headers: { 'X-CSRF': '1', 'content-type': 'application/json' },
    data: {
      query:
        'query Pick { rooms(where: { name: { contains: "Server room 187." } }, take: 1) { name level { name } } }',
    },
  });
  expect(answer.ok()).toBe(true);
  const room = (
    (await answer.json()) as { data: { rooms: Array<{ name: string; level: { name: string } }> } }
  ).data.rooms[0]!;
  return { name: room.name, level: room.level.name };
}

test('keeps every key typed at full speed into the portfolio search (10,000 buildings)', async ({
  page,
}) => {
  const field = page.getByRole('textbox', { name: 'Search name or reference' });
  await expect(page.getByRole('region', { name: 'Headline figures' })).toContainText('10,000');
  await field.pressSequentially('harbour view', { delay: 0 });
  await expect(field).toHaveValue('harbour view');
  await expect(page).toHaveURL(/\?q=harbour\+view$/);
});

test('finds a room on floor 187 of the 200-level tower and opens it in one click', async ({
  page,
}) => {
  const room = await aRoomHighInTheTower(page);
  // The combobox comes when the field is first used (its chunk is not on the first load).
  await page.getByLabel('Search Storey').click();
  await page.getByRole('combobox', { name: 'Search Storey' }).fill(room.name);
  const option = page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`^${room.name.replace('.', '\\.')}.*${room.level}`) });
  await option.click();
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(room.level);
});

test('draws the 200-level tower as a stacking plan, top floor first, and opens a floor from it', async ({
  page,
}) => {
  await openTheTower(page);
  const floors = page.getByRole('list', { name: 'Floors' });
  await expect(floors.getByRole('link').first()).toHaveText('Level 199');
  // Drawn as it scrolls into view: a few dozen rows in the page, not 200.
  expect(await floors.getByRole('listitem').count()).toBeLessThan(80);
  await floors.getByRole('link', { name: 'Level 195', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Level 195' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Rooms', exact: true }).getByRole('row'),
  ).toHaveCount(101);
});

test('goes to a floor of the tower picked by name, by keyboard, without scrolling to it', async ({
  page,
}) => {
  await openTheTower(page);
  const jump = page.getByRole('search', { name: 'Go to a floor' });
  const floor = jump.getByRole('combobox', { name: 'Go to floor' });
  await floor.focus();
  await floor.selectOption({ label: 'Level 150' });
  // From the list to its button, and pressed, by keyboard alone.
  await page.keyboard.press('Tab');
  await expect(jump.getByRole('button', { name: 'Open' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Level 150' })).toBeVisible();
});

test('draws the tower on a 390-pixel phone a floor a row, none over the next', async ({ page }) => {
  await openTheTower(page);
  const floors = page.getByRole('list', { name: 'Floors' });
  await expect(floors.getByRole('link').first()).toHaveText('Level 199');
  // Opened wide, then the window narrowed to a phone's: every row's place is worked out again.
  await page.setViewportSize({ width: 390, height: 900 });
  await expectItemsApart(floors);
  // Further down, drawn as it scrolls into view, the rows are as far apart.
  await floors.getByRole('link', { name: 'Level 180', exact: true }).scrollIntoViewIfNeeded();
  await expectItemsApart(floors);
});

test('draws the portfolio of 10,000 buildings with every chart readable', async ({ page }) => {
  const headline = page.getByRole('region', { name: 'Headline figures' });
  await expect(headline).toContainText('10,000');
  // 273 million m² in short on one line, the exact figure beneath it.
  await expect(headline).toContainText(/TOTAL AREA273M m²273,017,477\.6 m² exactly/i);
  // Below 10,000 rows: the charts load as the person scrolls near them.
  const charts = page.getByRole('region', { name: 'Charts' });
  await charts.scrollIntoViewIfNeeded();
  await expect(charts.getByRole('img')).toHaveCount(6);
  // The top ten of the buildings with an area (0 is none): the rest, as the total counts them.
  const withArea = Number(
    /m² exactly; over ([\d,]+) of 10,000 buildings/
      .exec((await headline.textContent()) ?? '')![1]!
      .replaceAll(',', ''),
  );
  expect(withArea).toBeGreaterThan(9_000);
  await expect(page.getByRole('figure', { name: 'The 10 largest buildings' })).toContainText(
    `The other ${(withArea - 10).toLocaleString('en-US')} buildings`,
  );
  // 200 sites with buildings: how many hold how many, not ten equal bars of a top ten.
  await expect(page.getByRole('figure', { name: 'Sites by number of buildings' })).toContainText(
    'How many buildings each of the 200 sites with buildings holds.',
  );
  // At 1280 px the table of 10,000 (longer names, larger numbers) stays inside its card.
  const table = await page.getByRole('table', { name: 'Buildings' }).boundingBox();
  const card = await page
    .getByRole('table', { name: 'Buildings' })
    .locator('xpath=..')
    .boundingBox();
  expect(table!.x + table!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
  await shootPart(charts, 'portfolio-charts-10000');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'portfolio-10000');
  await expectNoSeriousA11yViolations(page);
});

test('compares the 200-level tower at one scale with a small building: every floor a bar to see', async ({
  page,
}) => {
  const buildings = (await (
    await page.request.get('/api/Buildings?take=20', { headers: { 'X-CSRF': '1' } })
  ).json()) as Array<{ id: string; floorCount?: number }>;
  const tower = buildings.find((building) => building.floorCount === 200)!;
  const small = buildings.find((building) => building !== tower && (building.floorCount ?? 0) > 0)!;
  expect(tower).toBeDefined();
  await page.goto(`/compare?ids=${tower.id},${small.id}`);
  const plan = page.getByRole('img', { name: /^A, .+: 200 floors/ });
  await expect(plan).toBeVisible();
  // Each floor is a row holding its bar: at 200 floors still a bar a person can see and count.
  const bars = await plan.evaluate((element) =>
    [...element.children].map((row) => {
      const bar = row.firstElementChild!.getBoundingClientRect();
      return { height: bar.height, width: bar.width };
    }),
  );
  expect(bars).toHaveLength(200);
  for (const bar of bars) {
    expect(bar.height).toBeGreaterThanOrEqual(3);
    expect(bar.width).toBeGreaterThanOrEqual(6);
  }
  await shootPart(page.getByRole('region', { name: 'Floors at one scale' }), 'compare-tower');
});
