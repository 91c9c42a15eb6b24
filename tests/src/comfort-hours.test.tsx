/**
 * The comfort bands apply in the comfort hours (the BFF's COMFORT_HOURS, weekdays 07:00-19:00 by
 * default) on the clock of the place's site: a room cooled at night or at the weekend is shown as
 * it is, not called too cold; in the hours, the same reading is. The room, the floor and the
 * building say it alike. The clock is set (only `Date`; timers run as they do).
 */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { specialBuildings } from '../../server/emulator/portfolio';
import { FloorNowCell } from '@/features/conditions/components/building-conditions';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import {
  comfortHoursWeekdays,
  currentValuesAdjusted,
  fixture,
  fixtureRoomWithSensors,
} from './support/scenarios';

const { entry, roomPath } = fixtureRoomWithSensors(specialBuildings.duplicateNameA);
const timeZone = fixture.sites.find((site) => site.id === entry.record.siteId)!.timezone;
const floorPath = roomPath.replace(/\/rooms\/\d+$/, '');
const buildingPath = `/buildings/${entry.record.id}`;

/** Saturday noon in UTC: the weekend on every site's clock. */
const saturday = Date.UTC(2026, 10, 28, 12);
/** Tuesday 10:00 on the site's own clock. */
const tuesdayMorning = (() => {
  const hourThere = (time: number) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
        time,
      ),
    );
  const start = Date.UTC(2026, 10, 24, 0);
  for (let hour = 0; hour < 24; hour++)
    if (hourThere(start + hour * 3_600_000) === 10) return start + hour * 3_600_000;
  throw new Error(`No 10:00 on Tuesday in ${timeZone}`);
})();

/** Every room cool (16.5 °C), every other banded reading in band, all 4 minutes old. */
const coolEverywhere = (values: Array<Record<string, unknown>>, now: number) =>
  values.map((value) => {
    const inBand: Record<string, number> = {
      Air_Temperature_Sensor: 16.5,
      CO2_Sensor: 610,
      Relative_Humidity_Sensor: 44,
    };
    const type = String(value.ontologyType);
    const timestamp = new Date(now - 4 * 60 * 1000).toISOString();
    return type in inBand ? { ...value, value: inBand[type], timestamp } : { ...value, timestamp };
  });

const outsideHours = `Outside the comfort hours (weekdays 07:00–19:00, ${timeZone} time): readings are shown, not judged against their bands.`;

const ui = {
  now: () => screen.findByRole('region', { name: 'Now' }),
  temperatureCard: async () =>
    (await within(await ui.now()).findAllByRole('group', { name: /^Air temperature( ·|$)/ }))[0]!,
};

function at(time: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  server.use(...comfortHoursWeekdays(), ...currentValuesAdjusted(coolEverywhere));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Comfort hours', () => {
  it("shows a room's readings at the weekend without calling it too cold", async () => {
    at(saturday);
    renderApp(roomPath);
    const temperature = await ui.temperatureCard();
    expect(temperature).toHaveTextContent('16.5 °C');
    expect(
      within(temperature).getByLabelText(
        'Air temperature: taken outside the comfort hours, not judged',
      ),
    ).toBeVisible();
    expect(within(await ui.now()).getByRole('status')).toHaveTextContent(outsideHours);
    expect(within(await ui.now()).queryByText(/out of band/)).toBeNull();
  });

  it("calls the same room too cold in the hours, on its site's clock", async () => {
    at(tuesdayMorning);
    renderApp(roomPath);
    const temperature = await ui.temperatureCard();
    expect(
      within(temperature).getByLabelText('Air temperature: too cold, out of band'),
    ).toBeVisible();
    expect(
      within(await ui.now()).getByText(/^\d+ readings? (is|are) out of band\.$/),
    ).toBeVisible();
  });

  it('says it of a floor and of a building, and counts no room out of band', async () => {
    at(saturday);
    const { unmount: leaveFloor } = renderApp(floorPath);
    const floorNow = await ui.now();
    expect(await within(floorNow).findByText(outsideHours)).toBeVisible();
    const table = await within(floorNow).findByRole('table', { name: /^Rooms now: / });
    expect(within(table).getAllByText('outside comfort hours').length).toBeGreaterThan(0);
    expect(within(table).queryByText(/^below /)).toBeNull();
    leaveFloor();

    renderApp(buildingPath);
    const buildingNow = await ui.now();
    expect(await within(buildingNow).findByText(outsideHours)).toBeVisible();
    expect((await screen.findAllByText('outside comfort hours')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/out of band/)).toBeNull();
  });

  it('counts the cool rooms of the building out of band in the hours', async () => {
    at(tuesdayMorning);
    renderApp(buildingPath);
    expect(
      await within(await ui.now()).findByText(
        /^\d+ of \d+ rooms reporting are out of their comfort band now/,
      ),
    ).toBeVisible();
  });

  it("counts a floor's rooms read outside the hours as neither in nor out of band", () => {
    // At the start of the hours one room's reading may still be from before them.
    const { unmount } = render(
      <FloorNowCell floor={{ roomsWithBands: 3, roomsOutOfBand: 0, roomsOutsideHours: 1 }} />,
    );
    expect(screen.getByText('all 2 rooms in band')).toBeVisible();
    unmount();
    render(<FloorNowCell floor={{ roomsWithBands: 3, roomsOutOfBand: 1, roomsOutsideHours: 1 }} />);
    expect(screen.getByText('1 of 2 rooms out of band')).toBeVisible();
  });
});
