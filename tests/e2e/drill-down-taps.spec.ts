import { expect, test, type Locator, type Page, type Route } from '@playwright/test';

// A phone, tapped: what a facility manager walking a building holds.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/**
 * Holds every answer whose path matches until `release`: a page's details on their way while a
 * person is already aiming at what is on screen.
 */
async function holdAnswers(page: Page, paths: RegExp) {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => paths.test(url.pathname),
    (route) => (holding ? void held.push(route) : route.continue()),
  );
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Where a link's middle is on the screen once a person has scrolled it into view. */
async function aimAt(link: Locator) {
  await link.scrollIntoViewIfNeeded();
  const box = (await link.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The link's middle is still where it was aimed at (within a pixel). */
async function expectStill(link: Locator, aimed: { x: number; y: number }, what: string) {
  const box = (await link.boundingBox())!;
  expect(
    Math.abs(box.y + box.height / 2 - aimed.y),
    `${what} stays where it was aimed at`,
  ).toBeLessThanOrEqual(1);
}

test("on a phone, building → floor → room by taps while each page's details arrive, each tap lands where aimed", async ({
  page,
}) => {
  const ui = {
    floor: page
      .getByRole('list', { name: 'Floors' })
      .getByRole('link', { name: 'Level 0', exact: true }),
    room: page
      .getByRole('table', { name: 'Rooms', exact: true })
      .getByRole('link', { name: 'Meeting room (2 of 2)' }),
  };
  await page.goto('/');
  // The building's readings, alarms, quality and energy, then the floor's rooms' details,
  // readings and devices: all held until the person has aimed.
  const buildingDetails = await holdAnswers(page, /^\/api\/(alarms|Buildings|index)\//);
  const floorDetails = await holdAnswers(
    page,
    /^\/api\/Floors\/[^/]+\/(Spaces|MeasurementValues|Devices)$/,
  );
  await page
    .getByRole('table', { name: 'Buildings' })
    .getByRole('link', { name: /^Harbour View \(/ })
    .first()
    .tap();

  // The building: its floors are known from the outline, how their rooms are now is not yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour View' })).toBeVisible();
  await expect(ui.floor).toBeVisible();
  await expect.poll(() => buildingDetails.count()).toBeGreaterThan(0);
  let aimed = await aimAt(ui.floor);
  await buildingDetails.release();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Floors' })).toContainText('out of band');
  await expectStill(ui.floor, aimed, 'Level 0 in the plan');
  await page.touchscreen.tap(aimed.x, aimed.y);

  // The floor: its rooms are known from the outline, their details and readings are not yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Level 0' })).toBeVisible();
  await expect(ui.room).toBeVisible();
  await expect.poll(() => floorDetails.count()).toBeGreaterThan(0);
  aimed = await aimAt(ui.room);
  await floorDetails.release();
  await expect(page.getByText(/loading room details/)).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: 'Rooms now: Air temperature' }).getByRole('row').nth(1),
  ).toContainText('°C');
  await expectStill(ui.room, aimed, 'the room in the floor’s table');
  await page.touchscreen.tap(aimed.x, aimed.y);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meeting room (2 of 2)');
});
