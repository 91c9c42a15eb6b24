/**
 * A building's rooms out of band now, floor by floor: a sentence above the stacking plan and a
 * column in it, from the building's current values (every page, within a bound).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { specialBuildings } from '../../server/emulator/portfolio';
import { bandKindOfType, defaultComfortBands } from '@/shared/rules/comfort';
import { comfortRulesOf, roomBands, spaceUseOf } from '@/shared/rules/space-bands';
import { server } from './support/msw-server';
import { holding } from './support/queries';
import { renderApp } from './support/render-app';
import {
  currentValueRequests,
  currentValuesAdjusted,
  currentValuesNotEnabled,
  fixture,
  floorsCheckedByIndex,
} from './support/scenarios';

const entry = fixture.buildings[specialBuildings.duplicateNameA]!;
const floors = fixture.floorsOf(entry);
const buildingPath = `/buildings/${entry.record.id}`;
const comfort = comfortRulesOf(defaultComfortBands);
const spaceTypes = new Map(
  floors.flatMap((floor) => floor.spaces.map((space) => [space.id, space.ontologyType])),
);
/** Whether a room's type is judged on a kind of reading (a store room is judged on none). */
const judgedOn = (roomId: string, type: string) => {
  const kind = bandKindOfType[type];
  return (
    kind !== undefined && roomBands(comfort, { type: spaceTypes.get(roomId) })[kind] !== undefined
  );
};

/** Rooms with a banded sensor of their own, per floor id, counted from the emulator's devices. */
const reportingRooms = (floorId: string) =>
  new Set(
    fixture
      .devicesOf(floors.find((floor) => floor.record.id === floorId)!)
      .flatMap((device) => device.record.measurements)
      .filter(
        (m) =>
          m.measuredId !== floorId &&
          m.measuredId !== entry.record.id &&
          judgedOn(m.measuredId, m.type),
      )
      .map((m) => m.measuredId),
  ).size;
const withSensors = floors.filter((floor) => reportingRooms(floor.record.id) > 0);
const [hotFloor, stuffyFloor] = [withSensors[0]!, withSensors[1]!];
const firstRoomWith = (floorId: string, type: string) =>
  fixture
    .devicesOf(floors.find((floor) => floor.record.id === floorId)!)
    .flatMap((device) => device.record.measurements)
    .find(
      (m) =>
        m.type === type &&
        m.measuredId !== floorId &&
        spaceUseOf(spaceTypes.get(m.measuredId)) === 'occupied',
    )!.measuredId;
const hotRoom = firstRoomWith(hotFloor.record.id, 'Air_Temperature_Sensor');
const stuffyRoom = firstRoomWith(stuffyFloor.record.id, 'CO2_Sensor');

/** Every banded reading in band and fresh, but one room at 27.5 °C and one at 1,600 ppm CO₂. */
const twoRoomsOutOfBand = (values: Array<Record<string, unknown>>, now: number) =>
  values.map((value) => {
    const type = String(value.ontologyType);
    const reading: Record<string, number> = {
      Air_Temperature_Sensor: value.measuredId === hotRoom ? 27.5 : 21.4,
      CO2_Sensor: value.measuredId === stuffyRoom ? 1600 : 610,
      Relative_Humidity_Sensor: 44,
    };
    const timestamp = new Date(now - 4 * 60 * 1000).toISOString();
    return type in reading
      ? { ...value, value: reading[type], timestamp }
      : { ...value, timestamp };
  });

const ui = {
  now: () => screen.findByRole('region', { name: 'Now' }),
  floorRow: async (name: string) => {
    await screen.findByRole('link', { name });
    return holding(document.body, 'link', name, 'listitem');
  },
};

describe('Building conditions (Now)', () => {
  it('says how many rooms are out of band on how many floors, and marks those floors in the plan', async () => {
    server.use(...currentValuesAdjusted(twoRoomsOutOfBand));
    renderApp(buildingPath);
    const reporting = withSensors.reduce((sum, floor) => sum + reportingRooms(floor.record.id), 0);
    const now = await ui.now();
    await within(now).findByText(/^2 of \d+ rooms reporting/);
    expect(now).toHaveTextContent(
      `2 of ${reporting} rooms reporting are out of their comfort band now, on 2 floors: the plan below shows where. See its rooms out of band, worst first.`,
    );
    // The portfolio's list, narrowed to this building, names them.
    expect(
      within(now).getByRole('link', { name: 'its rooms out of band, worst first' }),
    ).toHaveAttribute('href', `/attention?building=${entry.record.id}`);
    for (const floor of withSensors) {
      const row = await ui.floorRow(floor.record.name!);
      const rooms = reportingRooms(floor.record.id);
      expect(row).toHaveTextContent(
        floor === hotFloor || floor === stuffyFloor
          ? `1 of ${rooms} ${rooms === 1 ? 'room' : 'rooms'} out of band`
          : rooms === 1
            ? '1 room in band'
            : `all ${rooms} rooms in band`,
      );
    }
  });

  it('reads every page of a large building, and says so instead of reading a tower whole', async () => {
    // Copies of every value, about 7,500 in all: two pages of 5,000, the same rooms and verdicts.
    server.use(
      ...currentValuesAdjusted((values, now) =>
        Array.from({ length: Math.ceil(7500 / values.length) }, () =>
          twoRoomsOutOfBand(values, now),
        ).flat(),
      ),
    );
    const before = currentValueRequests.length;
    const { unmount: leaveBuilding } = renderApp(buildingPath);
    expect(await within(await ui.now()).findByText(/^2 of \d+ rooms reporting/)).toBeVisible();
    const asked = currentValueRequests.slice(before).filter((url) => url.includes('/Buildings/'));
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.map((url) => new URL(url).searchParams.get('skip'))).toEqual(
      asked.map((_url, index) => String(index * 5000)),
    );
    leaveBuilding();

    server.use(
      ...currentValuesAdjusted((values) =>
        Array.from({ length: Math.ceil(20_001 / values.length) }, () => values).flat(),
      ),
    );
    const beforeTower = currentValueRequests.length;
    renderApp(buildingPath);
    await waitFor(async () =>
      expect(await ui.now()).toHaveTextContent(
        /This building reports [\d,]+ current values, more than the 20,000 Storey reads at once for a building: open a floor to see its rooms now, or see its rooms out of band, worst first as Storey last checked them/,
      ),
    );
    // One page told the total; no more were read, and the plan has no column it cannot fill.
    expect(
      currentValueRequests.slice(beforeTower).filter((url) => url.includes('/Buildings/')),
    ).toHaveLength(1);
    expect(screen.queryByText(/out of band$|in band$/)).not.toBeInTheDocument();
  });

  it("marks a tower's floors from the index's last check when it reports more values than are read at once", async () => {
    server.use(
      ...currentValuesAdjusted((values) =>
        Array.from({ length: Math.ceil(20_001 / values.length) }, () => values).flat(),
      ),
      ...floorsCheckedByIndex(
        '2026-11-24T09:05:00.000Z',
        new Map([
          [hotFloor.record.id, { roomsWithBands: 10, roomsOutOfBand: 3, roomsOutsideHours: 0 }],
          [stuffyFloor.record.id, { roomsWithBands: 4, roomsOutOfBand: 0, roomsOutsideHours: 0 }],
        ]),
      ),
    );
    renderApp(buildingPath);
    const now = await ui.now();
    await waitFor(() =>
      expect(now).toHaveTextContent(
        /more than the 20,000 Storey reads at once for a building, so the plan below shows its floors as Storey last checked them, at .+: 3 rooms out of band on 1 floor\. Open a floor to see its rooms now/,
      ),
    );
    // The plan's column, floor by floor, in the words the values' own count uses.
    expect(await ui.floorRow(hotFloor.record.name!)).toHaveTextContent('3 of 10 rooms out of band');
    expect(await ui.floorRow(stuffyFloor.record.name!)).toHaveTextContent('all 4 rooms in band');
  });

  it('says in one line when current values are not enabled, and asks for none', async () => {
    server.use(...currentValuesNotEnabled());
    const before = currentValueRequests.length;
    renderApp(buildingPath);
    expect(
      await within(await ui.now()).findByText(
        /Current conditions are not shown: Storey's platform credential is not enabled for current values; ask your platform administrator/,
      ),
    ).toBeVisible();
    expect(await screen.findByRole('link', { name: withSensors[0]!.record.name! })).toBeVisible();
    expect(currentValueRequests.slice(before)).toHaveLength(0);
  });
});
