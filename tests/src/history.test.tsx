/**
 * The History panel on building, floor and room pages: what it asks for, the latest value of each
 * measurement, range presets in the URL, the table of every reading, and its other states.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayUnit, measurementKind } from '@/shared/rules/measurement-kinds';
import { groupReadings } from '@/features/history/utils/time-series';
import { siteDayStart } from '@/shared/rules/site-days';
import { maxLinesDrawn, namedInBand } from '@/features/history/components/group-chart';
import { latestShownFirst } from '@/features/history/components/latest-values';
import { placeReadings, type PlaceLevel } from '../../server/emulator/device-api';
import { specialBuildings } from '../../server/emulator/portfolio';
import { HandMovedObserver } from './support/hand-moved-observer';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { rowsOf } from './support/queries';
import {
  fixture,
  fixtureRoomWithSensors,
  historyEmpty,
  historyFails,
  historyLimitedTo,
  historyPending,
  historyRequests,
  historyUnavailable,
} from './support/scenarios';

/** A room with an air-quality sensor: three series or more. */
const { entry, floor, space, roomPath } = fixtureRoomWithSensors(specialBuildings.duplicateNameA);
/** What the scenario's platform sends for a range (the emulator's readings up to its end). */
const historicalValues = (level: PlaceLevel, id: string, range: { from: number; to: number }) =>
  placeReadings(fixture, level, id, range, range.to);
const seriesCount = () =>
  new Set(historicalValues('Spaces', space.id, lastRequest()).map((r) => r.measurementValueId))
    .size;
const hour = 60 * 60 * 1000;
/** The room's site's zone: the panel reads time on it. */
const siteZone = fixture.sites.find((site) => site.id === entry.record.siteId)!.timezone!;

const ui = {
  panel: () => screen.findByRole('region', { name: 'History' }),
  range: () => screen.getByRole('group', { name: 'Time range' }),
  preset: (name: string) => within(ui.range()).getByRole('button', { name }),
  latest: () => screen.findAllByText(/, last in history$/),
  readings: () => screen.findByRole('table', { name: 'Readings' }),
};

const lastRequest = () => historyRequests.at(-1)!;

describe('History panel', () => {
  it("reads a room's last 24 hours by its space id and shows each measurement's latest value", async () => {
    renderApp(roomPath);
    await ui.panel();
    const labels = await ui.latest();
    const asked = lastRequest();
    expect(labels).toHaveLength(seriesCount());
    expect(asked).toMatchObject({ level: 'Spaces', id: space.id });
    expect(asked.to - asked.from).toBe(24 * hour);
    // The latest reading of the series that was sent, per measurement, in the order they came.
    const expected = groupReadings(historicalValues('Spaces', space.id, asked)).map(
      (series) => series.points.at(-1)!.value,
    );
    const shown = labels.map((label) =>
      // The value is the term's definition (dt, then dd), read as a person reads it beside it.
      // eslint-disable-next-line testing-library/no-node-access -- no query pairs a dd with its dt
      Number(label.nextElementSibling!.textContent!.replace(/[^\d.-]/g, '')),
    );
    expect(shown).toEqual(expected);
    expect(screen.getAllByText(/minutes? ago|just now/).length).toBeGreaterThan(0);
    // Times are on the building's clock, and the panel says which zone and offset that is.
    expect(
      screen.getByText(
        new RegExp(
          `times in ${siteZone.replace('/', '\\/')} \\(UTC[+-]\\d\\d:\\d\\d\\), the building's clock`,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('names every series by its kind and unit, from the devices of the place', async () => {
    renderApp(roomPath);
    await ui.latest();
    expect(await screen.findByText('Air temperature (°C), last in history')).toBeVisible();
    expect(screen.getByText('CO₂ (ppm), last in history')).toBeVisible();
    expect(screen.getByText('Relative humidity (%), last in history')).toBeVisible();
    expect(screen.queryByText(/^Measurement \d/)).toBeNull();
    expect(
      await screen.findByRole('img', { name: /^Air temperature \(°C\): \d+ readings from/ }),
    ).toBeInTheDocument();
    // The charts' titles name the sensor, never a measurement's raw id (the walk found ids).
    const ids = new Set(
      historicalValues('Spaces', space.id, lastRequest()).map((r) => r.measurementValueId),
    );
    const titles = screen.getAllByRole('figure').map((figure) => figure.textContent ?? '');
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) for (const id of ids) expect(title).not.toContain(id);
  });

  it('asks for 7 or 30 days when chosen, and keeps the choice in the URL', async () => {
    const { router } = renderApp(roomPath);
    await ui.latest();
    await userEvent.click(ui.preset('7 days'));
    await waitFor(() => expect(router.state.location.search).toBe('?history=7d'));
    await waitFor(() => expect(lastRequest().to - lastRequest().from).toBe(7 * 24 * hour));
    await userEvent.click(ui.preset('30 days'));
    await waitFor(() => expect(lastRequest().to - lastRequest().from).toBe(30 * 24 * hour));
    expect(router.state.location.search).toBe('?history=30d');
  });

  it("reads whole days of the building's clock for a custom range, and refuses one that ends before it starts", async () => {
    const { router } = renderApp(`${roomPath}?history=custom&from=2026-11-02&to=2026-11-03`);
    await ui.latest();
    const asked = lastRequest();
    expect(asked.from).toBe(siteDayStart('2026-11-02', siteZone));
    expect(asked.to).toBe(siteDayStart('2026-11-04', siteZone));
    const last = screen.getByLabelText('Last day');
    await userEvent.clear(last);
    await userEvent.type(last, '2026-11-01');
    expect(await screen.findByText('The last day must not be before the first.')).toBeVisible();
    expect(router.state.location.search).toContain('to=2026-11-01');
  });

  it('offers no range longer than the BFF relays (PLATFORM_HISTORY_MAX_DAYS), and asks for none', async () => {
    server.use(...historyLimitedTo(7));
    renderApp(`${roomPath}?history=custom&from=2026-11-01&to=2026-11-07`);
    // Seven local days fit in seven days of 24 hours only without a clock change: six are offered.
    expect(await screen.findByText('A range may span at most 6 days.')).toBeVisible();
    await userEvent.click(ui.preset('7 days'));
    expect(within(ui.range()).queryByRole('button', { name: '30 days' })).toBeNull();
    await waitFor(() => expect(lastRequest().to - lastRequest().from).toBe(7 * 24 * hour));
    expect(historyRequests.every((asked) => asked.to - asked.from <= 7 * 24 * hour)).toBe(true);
  });

  it("shows a room's readings in the table view a time a row, a column per measurement", async () => {
    renderApp(roomPath);
    const labels = (await ui.latest()).map((label) =>
      label.textContent!.replace(/, last in history$/, ''),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await ui.readings();
    // A column per measurement, named with its unit, in the order of the cards above.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Time', ...labels]);
    // A row per time the platform sent, earliest first, a hundred at a time.
    const sent = historicalValues('Spaces', space.id, lastRequest());
    const times = [...new Set(sent.map((reading) => reading.timestamp))].sort(
      (a, b) => Date.parse(a) - Date.parse(b),
    );
    expect(times.length).toBeLessThan(sent.length);
    const rows = rowsOf(table).slice(1);
    expect(rows).toHaveLength(Math.min(100, times.length));
    // The first row holds every measurement's reading at the first time, each in its column.
    const ids = [...new Set(sent.map((reading) => reading.measurementValueId))];
    const cells = within(rows[0]!).getAllByRole('cell');
    const atFirst = sent.filter((reading) => reading.timestamp === times[0]);
    expect(atFirst.length).toBeGreaterThan(1);
    for (const reading of atFirst)
      expect(cells[1 + ids.indexOf(reading.measurementValueId)]).toHaveTextContent(reading.value);
    expect(
      screen.getByText(
        `1–${Math.min(100, times.length)} of ${times.length.toLocaleString()} times`,
      ),
    ).toBeInTheDocument();
    // Every reading is still in the download.
    expect(
      screen.getByRole('button', {
        name: `Download CSV (${sent.length.toLocaleString()} readings)`,
      }),
    ).toBeInTheDocument();
  });

  it('describes each chart in words: readings (a meter: use per hour), lowest and highest value', async () => {
    renderApp(roomPath);
    await ui.latest();
    const charts = await screen.findAllByRole('img', {
      name: /^[^:]+: \d+ (readings|hours|days) from/,
    });
    expect(charts).toHaveLength(seriesCount());
  });

  it('shades the comfort band behind temperature, CO₂ and humidity, and says which it is', async () => {
    renderApp(roomPath);
    await ui.latest();
    const temperature = await screen.findByRole('img', { name: /^Air temperature \(°C\):/ });
    // In the comfort hours only (the scenario: around the clock; comfortIntervals holds the rest).
    expect(temperature.getAttribute('aria-label')).toMatch(
      /Shaded: the comfort band, 20–24 °C, in the comfort hours \(around the clock\)\./,
    );
    // The legend under the chart says it too, and on whose clock.
    expect(
      screen.getByText(
        "Shaded: the comfort band, 20–24 °C, in the comfort hours (around the clock, the building's clock)",
      ),
    ).toBeVisible();
    // A kind without a band (a meter's use, occupancy) shades nothing.
    for (const chart of await screen.findAllByRole('img', {
      name: /^(?!Air temperature|CO₂|Relative humidity)/,
    }))
      expect(chart.getAttribute('aria-label')).not.toMatch(/comfort band/);
  });

  /** A floor's page, and the measurements of its history's series. */
  const floorHistory = async () => {
    renderApp(`/buildings/${entry.record.id}/levels/1`);
    await ui.latest();
    const floorSeries = new Set(
      historicalValues('Floors', floor.record.id, lastRequest()).map((r) => r.measurementValueId),
    );
    const measured = fixture
      .devicesOf(floor)
      .flatMap((device) => device.record.measurements)
      .filter((measurement) => floorSeries.has(measurement.id));
    return { floorSeries, measured };
  };

  it("reads a floor's history by the floor id, one chart per kind and unit", async () => {
    const { floorSeries, measured } = await floorHistory();
    expect(lastRequest()).toMatchObject({ level: 'Floors', id: floor.record.id });
    // One chart per kind and unit: the floor's room temperatures are lines of one chart, each
    // named by its room where the devices are alike.
    const kindsAndUnits = new Set(
      measured.map((m) => `${measurementKind(m.type).label} ${displayUnit(m.unit)}`),
    );
    expect(kindsAndUnits.size).toBeLessThan(floorSeries.size);
    // A floor's many series: the first latest values, and all of them on request.
    expect(floorSeries.size).toBeGreaterThan(latestShownFirst);
    expect(await ui.latest()).toHaveLength(latestShownFirst);
    await userEvent.click(
      screen.getByRole('button', { name: `Show all ${floorSeries.size} latest values` }),
    );
    expect(await ui.latest()).toHaveLength(floorSeries.size);
    expect(
      await screen.findAllByRole('img', { name: /^[^:]+: (\d+ series, )?\d+ (readings|hours)/ }),
    ).toHaveLength(kindsAndUnits.size);
  });

  it("draws a floor's many rooms as their spread and median, the furthest out named", async () => {
    const { measured } = await floorHistory();
    // More rooms than a chart can tell apart by colour: their spread and median, and the four
    // furthest from it drawn and named by room.
    const temperatures = measured.filter((m) => m.type === 'Air_Temperature_Sensor').length;
    expect(temperatures).toBeGreaterThan(maxLinesDrawn);
    const lines = within(
      screen.getByRole('list', { name: 'Lines of Air temperature (°C)' }),
    ).getAllByRole('listitem');
    const lineNames = lines.map((line) => line.textContent);
    expect(lineNames.slice(0, 2)).toEqual([
      `Spread of ${temperatures} series`,
      `Median of ${temperatures} series`,
    ]);
    const named = lineNames.slice(2);
    expect(named).toHaveLength(namedInBand);
    expect(new Set(named).size).toBe(named.length);
    const roomNames = floor.spaces.map((one) => one.name);
    expect(named.some((name) => roomNames.some((room) => name?.startsWith(`${room} · `)))).toBe(
      true,
    );
    expect(screen.getByRole('img', { name: /^Air temperature \(°C\): / })).toHaveAccessibleName(
      expect.stringContaining(
        `the spread between the lowest and highest of the ${temperatures} series and their median, with the ${namedInBand} furthest from the median named`,
      ),
    );
    expect(
      screen.getByText(
        `The ${namedInBand} furthest from the median are drawn by name; the other ${temperatures - namedInBand} are in the spread, and every reading is in the table.`,
      ),
    ).toBeVisible();
  });

  it("reads a building's history from its main meter, as use per hour", async () => {
    const meter = fixture
      .floorsOf(entry)
      .flatMap((one) => fixture.devicesOf(one))
      .find((device) => device.record.measurements[0]!.measuredId === entry.record.id)!;
    renderApp(`/buildings/${entry.record.id}`);
    await waitFor(() =>
      expect(lastRequest()).toMatchObject({ level: 'Devices', id: meter.record.id }),
    );
    expect(await screen.findByText('Electricity (kWh), last in history')).toBeVisible();
    // The meter's running total is drawn as use per hour, never below zero.
    expect(
      await screen.findByRole('img', {
        name: /^Electricity \(kWh\), use per hour: \d+ hours from \d[\d,.]* to \d/,
      }),
    ).toBeInTheDocument();
    // The whole building's answer (every room's series) is never asked for.
    expect(historyRequests.some((asked) => asked.level === 'Buildings')).toBe(false);
  });

  it('hides itself with one line, and asks nothing, where the platform has no history', async () => {
    server.use(...historyUnavailable());
    renderApp(roomPath);
    const note = await screen.findByText(/History is not shown: the platform does not offer/);
    // Plain words: what to do and who can, never a path or a status code.
    expect(note).toHaveTextContent('PLATFORM_HISTORY_PATH');
    expect(note.textContent).not.toMatch(/\b40\d\b|\/api\//);
    expect(screen.queryByRole('group', { name: 'Time range' })).not.toBeInTheDocument();
    expect(historyRequests).toHaveLength(0);
  });

  it('shows a failure with Retry inside the panel while the room stays', async () => {
    server.use(...historyFails(502, 'The platform failed to answer (status 502).'));
    renderApp(roomPath);
    const panel = await ui.panel();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The history could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Room details' })).toBeInTheDocument();
  });

  it('says so when the range has no readings', async () => {
    server.use(...historyEmpty());
    renderApp(roomPath);
    expect(await screen.findByText(/^No readings between/)).toBeInTheDocument();
  });

  describe('below the first screen', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      HandMovedObserver.instances = [];
    });

    it('asks for no readings until the panel is in the window, then for the last 24 hours', async () => {
      vi.stubGlobal('IntersectionObserver', HandMovedObserver);
      renderApp(roomPath);
      const panel = await ui.panel();
      // The page above it is there, its own reads done: the history alone waits.
      expect(
        await screen.findByRole('table', { name: 'Room details' }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      const observer = HandMovedObserver.watching((target) => target === panel)!;
      expect(observer.options?.rootMargin).toBe('0px 0px');
      expect(historyRequests).toHaveLength(0);
      // Nothing is on its way, so nothing says it is loading: the time range is there to use.
      expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
      expect(within(panel).getByRole('group', { name: 'Time range' })).toBeVisible();

      act(() => observer.bringNear());
      expect(await ui.latest()).toHaveLength(seriesCount());
      expect(historyRequests).toHaveLength(1);
      expect(lastRequest().to - lastRequest().from).toBe(24 * hour);
    });
  });

  it('shows a loading state while the readings are on their way', async () => {
    server.use(...historyPending());
    renderApp(roomPath);
    const panel = await ui.panel();
    expect(
      await within(panel).findByRole('status', { name: 'Loading the history' }),
    ).toBeInTheDocument();
  });
});
