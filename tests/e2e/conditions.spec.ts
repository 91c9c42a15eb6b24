import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, shootPart } from './page-checks';
import { roomWithSensors } from './places';

test('a room leads with how it is now: values with units and age, bands, and its devices', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const path = await roomWithSensors(page);
  const valuesAnswered = page.waitForResponse((response) =>
    /\/api\/Spaces\/[^/]+\/MeasurementValues/.test(response.url()),
  );
  await page.goto(path);
  const values = (await (await valuesAnswered).json()) as Array<{ measuredId: string }>;
  const now = page.getByRole('region', { name: 'Now' });
  const cards = now.getByRole('group');
  await expect(cards.first()).toBeVisible();
  const spaceId = new URL((await valuesAnswered).url()).pathname.split('/')[3]!;
  await expect(cards).toHaveCount(values.filter((value) => value.measuredId === spaceId).length);
  const temperature = now.getByRole('group', { name: /^Air temperature/ }).first();
  await expect(temperature).toContainText('°C');
  await expect(temperature).toContainText('EN 16798-1 category II');
  await expect(temperature).toContainText(/ago|just now/);
  await expect(now.getByRole('group', { name: 'CO₂' })).toContainText('ppm');
  await expect(
    now.getByRole('list', { name: 'Devices' }).getByRole('listitem').first(),
  ).toBeVisible();
  // Now comes first: above the room's record and its history.
  const nowBox = (await now.boundingBox())!;
  const historyBox = (await page.getByRole('region', { name: 'History' }).boundingBox())!;
  expect(nowBox.y).toBeLessThan(historyBox.y);
  await shootPart(now, 'room-now');
  await expectNoSeriousA11yViolations(page);
});

test('a floor shows every room now for one measure, coloured and sortable, and counts those out of band', async ({
  page,
}) => {
  // A room, then its floor by every measure and both sort orders, a scan and a screenshot: 34 s
  // on an idle 2-core machine; tripled, as for every walk through several screens.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const room = await roomWithSensors(page);
  const answered = page.waitForResponse((response) =>
    /\/api\/Floors\/[^/]+\/MeasurementValues/.test(response.url()),
  );
  await page.goto(room.replace(/\/rooms\/\d+$/, ''));
  expect((await answered).status()).toBe(200);
  const now = page.getByRole('region', { name: 'Now' });
  await expect(
    now.getByText(
      /rooms? (have|has) a reading out of its comfort band now\.$|^No room is out of its comfort band now/,
    ),
  ).toBeVisible();
  const table = now.getByRole('table', { name: 'Rooms now: Air temperature' });
  await expect(table.getByRole('row').nth(1)).toContainText('°C');
  await now.getByRole('button', { name: 'CO₂' }).click();
  await expect(page).toHaveURL(/[?&]measure=CO/);
  await expect(
    now.getByRole('table', { name: 'Rooms now: CO₂' }).getByRole('row').nth(1),
  ).toContainText('ppm');
  await shootPart(now, 'floor-now');
  await expectNoSeriousA11yViolations(page);
});

test("a floor's rooms now fit a 390-pixel phone: each verdict with its age, the band in the legend", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const room = await roomWithSensors(page);
  // One sensor sends a faulty 85 °C, as the emulator's do now and then: its verdict, the longest
  // a room's can be, is met on every run rather than on one in fifty.
  await page.route('**/api/Floors/*/MeasurementValues?*', async (route) => {
    const response = await route.fetch();
    const values = (await response.json()) as Array<{ ontologyType?: string; value: unknown }>;
    const temperature = values.find((value) =>
      /Temperature_Sensor$/.test(value.ontologyType ?? ''),
    );
    if (temperature) temperature.value = 85;
    await route.fulfill({ response, json: values });
  });
  await page.goto(room.replace(/\/rooms\/\d+$/, ''));
  const now = page.getByRole('region', { name: 'Now' });
  const table = now.getByRole('table', { name: 'Rooms now: Air temperature' });
  await expect(table.getByRole('row').nth(1)).toContainText('°C');
  await expect(table.getByRole('cell', { name: /^implausible/ })).toHaveCount(1);
  // No column cut off: the table is as wide as its place, the age under each verdict.
  expect(
    await table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expect(table.getByRole('columnheader', { name: 'Updated' })).toBeHidden();
  await shootPart(now, 'floor-now-390');
  const rows = table.getByRole('row');
  const count = await rows.count();
  for (let index = 1; index < count; index += 1) {
    const verdict = rows.nth(index).getByRole('cell').nth(2);
    await expect(verdict).toContainText(/(ago|just now)$/);
    // At most three lines of 20 px, with the cell's padding: no verdict over four lines.
    expect((await verdict.boundingBox())!.height, `row ${index}`).toBeLessThanOrEqual(3 * 20 + 13);
  }
  await expect(now.getByText(/^Bands for Air temperature: /)).toBeVisible();
  await shootPart(now, 'floor-now-390');
});

test('a building says how many rooms are out of band now, marks their floors, and its energy', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const buildingPath = (await roomWithSensors(page)).replace(/\/levels\/.*$/, '');
  const valuesAnswered = page.waitForResponse((response) =>
    /\/api\/Buildings\/[^/]+\/MeasurementValues/.test(response.url()),
  );
  await page.goto(buildingPath);
  expect((await valuesAnswered).status()).toBe(200);
  const now = page.getByRole('region', { name: 'Now' });
  await expect(now).toContainText(
    /(\d+ of \d+ rooms? reporting (is|are) out of their comfort band now, on \d+ floors?|Every room reporting is within its comfort band now)/,
  );
  // The plan's column agrees with the sentence: as many rooms out of band, floor by floor.
  const floors = page.getByRole('list', { name: 'Floors' });
  await expect(floors.getByText(/ (out of|in) band$/).first()).toBeVisible();
  const sentence = (await now.textContent()) ?? '';
  const total = Number(/(\d+) of \d+ rooms? reporting/.exec(sentence)?.[1] ?? 0);
  const perFloor = (await floors.getByText(/ out of band$/).allTextContents()).map((text) =>
    Number(/^(\d+) of/.exec(text)![1]),
  );
  expect(perFloor.reduce((sum, count) => sum + count, 0)).toBe(total);
  await shootPart(page.getByRole('region', { name: 'Floors' }), 'building-floors-now');
  // Its main meter's last 30 days against the 30 before (or why they are not compared).
  const energy = page.getByRole('region', { name: 'Energy' });
  await expect(energy).toContainText(/Last 30 days[\d,]+ kWh/);
  await expect(energy).toContainText(/(% against the 30 days before|Not compared: .+\.)/);
  await shootPart(energy, 'building-energy');
  await expectNoSeriousA11yViolations(page);
});
