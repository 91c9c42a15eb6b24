/**
 * A building's electricity from its main meter: the last 30 days against the 30 before, kWh per
 * m², and what is said when a period is partial or beyond the site's retention.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { rowsOf } from './support/queries';
import { energyNotReadYet, fixture, historyAnswers, historyRefusal } from './support/scenarios';

/**
 * A building on Ōsaka's site, whose clock never changes: its days are 24 hours, so the figures
 * below are whole hours of the meter. The days are the site's midnights (tested with clock
 * changes in tests/server/meter-use.test.ts).
 */
const osaka = fixture.sites.find((site) => site.timezone === 'Asia/Tokyo')!;
const meterOf = (candidate: (typeof fixture.buildings)[number]) =>
  fixture
    .floorsOf(candidate)
    .flatMap((floor) => fixture.devicesOf(floor))
    .find((device) => device.record.measurements[0]?.measuredId === candidate.record.id);
const entry = fixture.buildings.find(
  (candidate) =>
    candidate.record.siteId === osaka.id &&
    (candidate.record.area ?? 0) > 0 &&
    meterOf(candidate) !== undefined,
)!;
const meter = meterOf(entry)!;
const total = meter.record.measurements[0]!;
const hour = 60 * 60 * 1000;
const day = 24 * hour;

/**
 * The meter's total, read hourly from the start of the asked range: rising 8 kWh an hour until 30
 * days before its end and 10 after, with `quiet` hours left out (a gateway down).
 */
const hourlyMeter =
  (quiet: (time: number, end: number) => boolean = () => false) =>
  (_level: string, id: string, range: { from: number; to: number }) => {
    if (id !== meter.record.id) return [];
    const split = range.to - 30 * day;
    const readings = [];
    let value = 100_000;
    for (let time = range.from; time < range.to; time += hour) {
      if (time > range.from) value += time >= split ? 10 : 8;
      if (quiet(time, range.to)) continue;
      readings.push({
        measurementValueId: total.id,
        value: String(value),
        timestamp: new Date(time).toISOString(),
      });
    }
    return readings;
  };

const ui = {
  energy: () => screen.findByRole('region', { name: 'Energy' }),
  figure: async (label: string) =>
    // A figure is its label (dt) and value (dd) in one card, which has no role of its own.
    // eslint-disable-next-line testing-library/no-node-access -- the card around the label
    (await within(await ui.energy()).findByText(label)).closest('div') as HTMLElement,
  /** The use-per-day chart as its table. */
  daysTable: async () => {
    const energy = await ui.energy();
    await userEvent.click(await within(energy).findByRole('button', { name: 'Table' }));
    return within(energy).findByRole('table');
  },
};

describe('Energy on a building page, worked out from its meter until the index has read it', () => {
  beforeEach(() => {
    server.use(...energyNotReadYet());
  });

  it('gives the last 30 days in kWh and per m², and the change against the 30 before', async () => {
    server.use(...historyAnswers(hourlyMeter()));
    renderApp(`/buildings/${entry.record.id}`);
    // 720 hours at 10 kWh; 720 at 8 (the first from the reading an hour before the period).
    expect(await ui.figure('Last 30 days')).toHaveTextContent('7,200 kWh');
    expect(await ui.figure('The 30 days before')).toHaveTextContent('5,760 kWh');
    expect(await ui.figure('Change')).toHaveTextContent('+25% against the 30 days before');
    // To a tenth, as the index's figure on the same page is written.
    const perArea = (7200 / entry.record.area!).toFixed(1);
    expect(await ui.figure('Per m² of floor area')).toHaveTextContent(`${perArea} kWh/m²`);
    // Use per day: yesterday, midnight to midnight, was 24 hours at 10 kWh.
    const days = await ui.daysTable();
    const rows = rowsOf(days).slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)).toHaveTextContent('240 kWh');
    expect(screen.queryByText(/left empty/)).not.toBeInTheDocument();
  });

  it('says a period is partial, with the days its readings cover, and compares nothing then', async () => {
    // Five days without readings in the last period.
    server.use(
      ...historyAnswers(hourlyMeter((time, end) => time >= end - 12 * day && time < end - 7 * day)),
    );
    renderApp(`/buildings/${entry.record.id}`);
    expect(await ui.figure('Last 30 days')).toHaveTextContent(
      'Partial: readings cover 25 of 30 days',
    );
    expect(await ui.figure('Per m² of floor area')).toHaveTextContent(
      'Not given: the period is partial.',
    );
    expect(await ui.figure('Change')).toHaveTextContent('Not compared: a period is partial.');
    // The days without a whole day of readings are gaps, not low use; the others are whole.
    const rows = rowsOf(await ui.daysTable()).slice(1);
    const empty = rows.filter((row) => within(row).queryByText('—'));
    expect(empty.length).toBeGreaterThanOrEqual(5);
    expect(empty.length).toBeLessThanOrEqual(6);
    expect(
      screen.getByText(
        `${empty.length} days are left empty: the meter's readings do not cover them whole, and Storey does not guess.`,
      ),
    ).toBeInTheDocument();
    for (const row of rows.filter((row) => !empty.includes(row)))
      expect(row).toHaveTextContent(/(192|240|2\d\d|19\d|20\d) kWh$/);
  });

  it("says in the platform's words why the 30 days before were not read, and still gives the last 30", async () => {
    const retention =
      "The requested period starts before the site's time series retention of 30 days.";
    server.use(
      ...historyAnswers((level, id, range) =>
        range.to - range.from > 31 * day
          ? historyRefusal(400, retention)
          : hourlyMeter()(level, id, range),
      ),
    );
    renderApp(`/buildings/${entry.record.id}`);
    expect(await ui.figure('Last 30 days')).toHaveTextContent(/^Last 30 days[\d,]+ kWh$/);
    expect(await ui.figure('The 30 days before')).toHaveTextContent(`Not read: ${retention}`);
    expect(await ui.figure('Change')).toHaveTextContent(
      'Not compared: the 30 days before could not be read.',
    );
  });
});
