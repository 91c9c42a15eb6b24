/**
 * A room leads with its current conditions ("Now"): each measurement's latest value with unit and
 * age, stale readings marked, a comfort verdict with its band and source where one is published,
 * and the room's devices; and plain words when the platform or the credential offers none.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { specialBuildings } from '../../server/emulator/portfolio';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import {
  currentValueRequests,
  currentValuesAdjusted,
  currentValuesNotEnabled,
  fixtureRoomOfUse,
  roomTypesNotSaid,
  fixtureRoomWithSensors,
} from './support/scenarios';

const { space, roomPath } = fixtureRoomWithSensors(specialBuildings.duplicateNameA);
const hour = 60 * 60 * 1000;

const ui = {
  now: () => screen.findByRole('region', { name: 'Now' }),
  /** The first reading of a kind (a room may have two sensors of one kind). */
  card: async (kind: string) =>
    (
      await within(await ui.now()).findAllByRole('group', { name: new RegExp(`^${kind}( ·|$)`) })
    )[0]!,
  devices: () => screen.findByRole('list', { name: 'Devices' }),
};

/** Sets the value of the room's first reading of a Brick type. */
const withValue =
  (type: string, value: number, age = 5 * 60 * 1000) =>
  (values: Array<Record<string, unknown>>, now: number) =>
    values.map((one) =>
      one.ontologyType === type && one.measuredId === space.id
        ? { ...one, value, timestamp: new Date(now - age).toISOString() }
        : one,
    );

describe('Room conditions (Now)', () => {
  it("shows each of the room's measurements now, with unit, age and a verdict against its band", async () => {
    server.use(...currentValuesAdjusted(withValue('Air_Temperature_Sensor', 26.3)));
    renderApp(roomPath);
    const temperature = await ui.card('Air temperature');
    expect(temperature).toHaveTextContent('26.3 °C');
    expect(temperature).toHaveTextContent('5 minutes ago');
    expect(temperature).toHaveTextContent('Band 20–24 °C (EN 16798-1 category II, heating season)');
    expect(
      within(temperature).getByLabelText('Air temperature: too warm, out of band'),
    ).toBeVisible();
    const co2 = await ui.card('CO₂');
    expect(co2).toHaveTextContent(/ppm/);
    expect(co2).toHaveTextContent('Band ≤ 1,000 ppm (CO₂ 1,000 ppm guideline)');
    expect(await ui.card('Relative humidity')).toHaveTextContent(/%/);
    expect(
      within(await ui.now()).getByText(/^\d+ readings? (is|are) out of band\.$/),
    ).toBeVisible();
    expect(currentValueRequests.at(-1)).toContain(`/api/Spaces/${space.id}/MeasurementValues`);
  });

  it("judges a server room by the data rooms' envelope and a store room by no comfort band", async () => {
    const serverRoom = fixtureRoomOfUse('data-room');
    const adjust =
      (roomId: string, type: string, value: number) =>
      (values: Array<Record<string, unknown>>, now: number) =>
        values.map((one) =>
          one.ontologyType === type && one.measuredId === roomId
            ? { ...one, value, timestamp: new Date(now - 5 * 60 * 1000).toISOString() }
            : one,
        );
    server.use(
      ...currentValuesAdjusted(adjust(serverRoom.space.id, 'Air_Temperature_Sensor', 25.5)),
    );
    const { unmount } = renderApp(serverRoom.roomPath);
    const warm = await ui.card('Air temperature');
    // 25.5 °C is out of an office's band, within a server room's.
    expect(warm).toHaveTextContent('Band 18–27 °C (ASHRAE TC 9.9 recommended, data rooms)');
    expect(within(warm).getByText('In band')).toBeVisible();
    expect(await ui.card('CO₂')).toHaveTextContent(
      'Not judged in server and data rooms (ServerRoom)',
    );
    // Its history shades the same band, not the office one.
    const chart = await screen.findByRole('img', { name: /^Air temperature \(°C\):/ });
    expect(chart.getAttribute('aria-label')).toMatch(/Shaded: the comfort band, 18–27 °C/);
    unmount();

    const storeRoom = fixtureRoomOfUse('not-occupied');
    server.use(...currentValuesAdjusted(adjust(storeRoom.space.id, 'Air_Temperature_Sensor', 31)));
    renderApp(storeRoom.roomPath);
    const hot = await ui.card('Air temperature');
    expect(hot).toHaveTextContent('31 °C');
    expect(hot).toHaveTextContent(
      `Not judged in storage, plant and circulation (${storeRoom.space.ontologyType})`,
    );
    expect(within(await ui.now()).getByRole('status')).toHaveTextContent(
      `This room is not judged by comfort bands: none apply to storage, plant and circulation (${storeRoom.space.ontologyType}).`,
    );
  });

  it('judges every room as one people work in where the platform does not say its type, and says so', async () => {
    const storeRoom = fixtureRoomOfUse('not-occupied');
    server.use(
      ...roomTypesNotSaid(),
      ...currentValuesAdjusted((values, now) =>
        values.map((one) =>
          one.ontologyType === 'Air_Temperature_Sensor' && one.measuredId === storeRoom.space.id
            ? { ...one, value: 31, timestamp: new Date(now - 5 * 60 * 1000).toISOString() }
            : one,
        ),
      ),
    );
    renderApp(storeRoom.roomPath);
    const hot = await ui.card('Air temperature');
    expect(hot).toHaveTextContent('Band 20–24 °C (EN 16798-1 category II, heating season)');
    expect(
      within(await ui.now()).getByText(
        'The platform does not say what this room is used for, so it is judged as a room people work in.',
      ),
    ).toBeVisible();
  });

  it("costs the platform two calls for its conditions: the room's current values and devices", async () => {
    const asked: string[] = [];
    const log = ({ request }: { request: Request }) => {
      const { pathname } = new URL(request.url);
      if (/\/(MeasurementValues|Devices)$/.test(pathname)) asked.push(pathname);
    };
    server.events.on('request:start', log);
    try {
      renderApp(roomPath);
      await ui.card('Air temperature');
      await within(await ui.devices()).findAllByRole('listitem');
      expect(asked.sort()).toEqual([
        `/api/Spaces/${space.id}/Devices`,
        `/api/Spaces/${space.id}/MeasurementValues`,
      ]);
    } finally {
      server.events.removeListener('request:start', log);
    }
  });

  it('says when every banded reading is within its band', async () => {
    server.use(
      ...currentValuesAdjusted((values, now) =>
        [
          withValue('Air_Temperature_Sensor', 21.5),
          withValue('CO2_Sensor', 640),
          withValue('Relative_Humidity_Sensor', 45),
        ].reduce((all, adjust) => adjust(all, now), values),
      ),
    );
    renderApp(roomPath);
    expect(
      await within(await ui.now()).findByText('Every reading with a comfort band is within it.'),
    ).toBeVisible();
    expect(within(await ui.card('Air temperature')).getByText('In band')).toBeVisible();
  });

  it('marks a reading that has not changed for hours as stale, and gives it no verdict', async () => {
    server.use(...currentValuesAdjusted(withValue('CO2_Sensor', 2400, 3 * 24 * hour)));
    renderApp(roomPath);
    const co2 = await ui.card('CO₂');
    expect(within(co2).getByText('Stale')).toBeVisible();
    expect(co2).toHaveTextContent('No reading since 3 days ago');
    expect(within(co2).queryByLabelText(/out of band/)).toBeNull();
  });

  it("says a reading no room could have is the sensor's fault, not the room out of band", async () => {
    server.use(...currentValuesAdjusted(withValue('Air_Temperature_Sensor', 85)));
    renderApp(roomPath);
    const temperature = await ui.card('Air temperature');
    expect(temperature).toHaveTextContent('85 °C');
    expect(
      within(temperature).getByLabelText('Air temperature: implausible reading, check the sensor'),
    ).toBeVisible();
    expect(within(temperature).queryByLabelText(/out of band/)).toBeNull();
  });

  it('shows a kind without a published band, and says so', async () => {
    server.use(
      ...currentValuesAdjusted((values, now) => [
        ...values,
        {
          ...values.find((one) => one.measuredId === space.id)!,
          id: 'lux-1',
          name: 'IlluminanceSensor',
          ontologyType: 'Illuminance_Sensor',
          unit: 'lux',
          value: 412,
          timestamp: new Date(now - 60_000).toISOString(),
        },
      ]),
    );
    renderApp(roomPath);
    const lux = await ui.card('Illuminance');
    expect(lux).toHaveTextContent('412 lux');
    expect(lux).toHaveTextContent('No published comfort band');
  });

  it('leaves out what a meter placed in the room measures for its floor', async () => {
    renderApp(roomPath);
    await ui.card('Air temperature');
    expect(within(await ui.now()).queryByRole('group', { name: /^Electricity/ })).toBeNull();
    expect(await screen.findByText(/measures more than this room/)).toBeVisible();
  });

  it("lists the room's devices with what each measures", async () => {
    renderApp(roomPath);
    const devices = await ui.devices();
    const items = within(devices).getAllByRole('listitem');
    expect(items).toHaveLength(space.deviceCount);
    expect(
      within(devices).getByText('Air temperature (°C), CO₂ (ppm), Relative humidity (%)'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: `Devices (${space.deviceCount})` })).toBeVisible();
  });

  it('says in plain words when the credential is not enabled for current values, and asks nothing', async () => {
    server.use(...currentValuesNotEnabled());
    const before = currentValueRequests.length;
    renderApp(roomPath);
    expect(
      await within(await ui.now()).findByText(/^Current conditions are not shown/),
    ).toHaveTextContent(
      "Current conditions are not shown: Storey's platform credential is not enabled for current values; ask your platform administrator.",
    );
    await ui.devices();
    await waitFor(() => expect(currentValueRequests.length).toBe(before));
    expect(screen.queryByText(/403|\/api\//)).toBeNull();
  });
});

describe('A room whose record contradicts its readings', () => {
  const recorded = { status: space.commissionedStatus, on: space.decommissionedOn };
  afterEach(() => {
    space.commissionedStatus = recorded.status;
    space.decommissionedOn = recorded.on;
  });

  it('says when a room recorded as decommissioned, without a date, still reports readings', async () => {
    space.commissionedStatus = 2;
    space.decommissionedOn = null;
    server.use(...currentValuesAdjusted(withValue('Air_Temperature_Sensor', 21.5, 3 * 60 * 1000)));
    renderApp(roomPath);
    const now = await ui.now();
    expect(
      await within(now).findByText(
        /^This room is recorded as decommissioned, yet its sensors reported (just now|\d+ minutes? ago)\. Its record or its devices need checking\.$/,
      ),
    ).toBeVisible();
    const details = await screen.findByRole('table', { name: 'Room details' });
    expect(within(details).getByRole('row', { name: /Decommissioned on/ })).toHaveTextContent(
      'not recorded',
    );
  });

  it('says nothing of the kind for a commissioned room', async () => {
    space.commissionedStatus = 1;
    renderApp(roomPath);
    await ui.card('Air temperature');
    expect(screen.queryByText(/recorded as decommissioned/)).not.toBeInTheDocument();
  });
});
