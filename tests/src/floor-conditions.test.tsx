/**
 * A floor's rooms as they are now: one platform call for the floor, a column for the chosen
 * measure (sortable, coloured, with the verdict in words), and how many rooms are out of band.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { specialBuildings } from '../../server/emulator/portfolio';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { rowsOf } from './support/queries';
import {
  comfortBandsSetTo,
  currentValueRequests,
  currentValuesAdjusted,
  fixture,
  fixtureRoomOfUse,
} from './support/scenarios';
import { defaultComfortBands } from '@/shared/rules/comfort';

const entry = fixture.buildings[specialBuildings.duplicateNameA]!;
const floor = fixture.floorsOf(entry)[1]!;
const floorPath = `/buildings/${entry.record.id}/levels/1`;
const withSensors = floor.spaces.filter((space) => space.measurementCount >= 3);
const hot = withSensors[0]!;

/** Every banded reading of the floor in band, but one room (`hotId`) at 27.5 °C. */
const calmFloorBut =
  (hotId: () => string) => (values: Array<Record<string, unknown>>, now: number) =>
    values.map((value) => {
      const timestamp = new Date(now - 4 * 60 * 1000).toISOString();
      const inBand: Record<string, number> = {
        Air_Temperature_Sensor: value.measuredId === hotId() ? 27.5 : 21.4,
        CO2_Sensor: 610,
        Relative_Humidity_Sensor: 44,
      };
      const type = String(value.ontologyType);
      return type in inBand
        ? { ...value, value: inBand[type], timestamp }
        : { ...value, timestamp };
    });
const calmFloorButOneHotRoom = calmFloorBut(() => hot.id);

const ui = {
  now: () => screen.findByRole('region', { name: 'Now' }),
  table: (measure: string) => screen.findByRole('table', { name: `Rooms now: ${measure}` }),
  rowOf: async (measure: string, room: string) =>
    rowsOf(await ui.table(measure)).find((row) =>
      within(row).queryByRole('link', { name: new RegExp(`^${room}`) }),
    )!,
};

describe('Floor conditions (Now)', () => {
  it("shows each room's temperature now with its verdict, counts rooms out of band, in one call", async () => {
    server.use(...currentValuesAdjusted(calmFloorButOneHotRoom));
    const before = currentValueRequests.length;
    renderApp(floorPath);
    const table = await ui.table('Air temperature');
    expect(
      await within(await ui.now()).findByText(
        `1 of ${floor.spaces.length} rooms has a reading out of its comfort band now.`,
      ),
    ).toBeVisible();
    // Sorted warmest first: the hot room leads, its verdict in words beside the colour.
    const first = rowsOf(table)[1]!;
    expect(first).toHaveTextContent('27.5 °C');
    expect(first).toHaveTextContent('above 24 °C (band 20–24 °C)');
    expect(currentValueRequests.slice(before)).toEqual([
      expect.stringContaining(`/api/Floors/${floor.record.id}/MeasurementValues`),
    ]);
  });

  it('keeps its rows in place when the values refresh, and sorts again when asked', async () => {
    const warmest = withSensors.find(
      (space) =>
        space.id !== hot.id &&
        floor.spaces.filter((other) => other.name === space.name).length === 1,
    )!;
    let hotId = hot.id;
    server.use(...currentValuesAdjusted(calmFloorBut(() => hotId)));
    const { queryClient } = renderApp(floorPath);
    const table = await ui.table('Air temperature');
    const names = () =>
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(rowsOf(table)[1]).toHaveTextContent('27.5 °C');
    const drawn = names();
    // A minute later another room is the warm one: its value changes where it stands.
    hotId = warmest.id;
    await queryClient.invalidateQueries();
    await waitFor(async () =>
      expect(await ui.rowOf('Air temperature', warmest.name!)).toHaveTextContent('27.5 °C'),
    );
    expect(names()).toEqual(drawn);
    expect(rowsOf(table)[1]).toHaveTextContent('21.4 °C');
    await userEvent.click(screen.getByRole('button', { name: 'Sort again' }));
    expect(rowsOf(table)[1]).toHaveTextContent('27.5 °C');
    expect(screen.queryByRole('button', { name: 'Sort again' })).toBeNull();
  });

  it('switches the measure through the URL and sorts by room name', async () => {
    server.use(...currentValuesAdjusted(calmFloorButOneHotRoom));
    const { router } = renderApp(floorPath);
    await ui.table('Air temperature');
    await userEvent.click(within(await ui.now()).getByRole('button', { name: 'CO₂' }));
    const co2 = await ui.table('CO₂');
    await waitFor(() => expect(router.state.location.search).toBe('?measure=CO%E2%82%82'));
    expect(rowsOf(co2)[1]).toHaveTextContent('610 ppm');
    await userEvent.click(within(co2).getByRole('button', { name: 'Room' }));
    const names = within(co2)
      .getAllByRole('link')
      .map((link) => link.textContent!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('says a store room is not judged, and names the bands of each kind of room on the floor', async () => {
    const storeRoom = fixtureRoomOfUse('not-occupied');
    renderApp(storeRoom.roomPath.replace(/\/rooms\/\d+$/, ''));
    const row = await ui.rowOf('Air temperature', storeRoom.space.name!);
    expect(row).toHaveTextContent(
      `not judged in storage, plant and circulation (${storeRoom.space.ontologyType})`,
    );
    const legend = screen.getByText(/^Bands for Air temperature: /);
    expect(legend).toHaveTextContent(
      '20–24 °C (EN 16798-1 category II, heating season) in rooms people work in',
    );
    expect(legend).toHaveTextContent(
      `none in storage, plant and circulation (${storeRoom.space.ontologyType})`,
    );
  });

  it('judges by the bands the BFF is set to, and names them', async () => {
    server.use(
      ...currentValuesAdjusted(calmFloorButOneHotRoom),
      ...comfortBandsSetTo({
        ...defaultComfortBands,
        temperature: { low: 22, high: 28, unit: '°C', source: 'Lease schedule 4, summer' },
      }),
    );
    renderApp(floorPath);
    const table = await ui.table('Air temperature');
    // 27.5 °C is within a 22–28 °C summer band; 21.4 °C is below it now.
    const hotRow = await ui.rowOf('Air temperature', hot.name!);
    expect(hotRow).toHaveTextContent('in band');
    const rows = rowsOf(table).slice(1);
    expect(rows.some((row) => /below 22 °C \(band 22–28 °C\)/.test(row.textContent ?? ''))).toBe(
      true,
    );
    // Under the table, each band the floor's rooms are judged by, with where it comes from.
    expect(
      screen.getByText(
        /^Bands for Air temperature: 22–28 °C \(Lease schedule 4, summer\) in rooms people work in/,
      ),
    ).toBeVisible();
  });
});
