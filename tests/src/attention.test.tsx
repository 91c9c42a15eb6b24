/**
 * "Needs attention now": the portfolio's rooms out of their comfort band, as the server's
 * conditions refresh found them, worst first, filtered through the URL, with how recent and how
 * complete the checks are, and plain words where the platform gives no current values.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { rowsOf } from './support/queries';
import {
  attentionAnsweredAt,
  attentionNothingChecked,
  attentionPartlyChecked,
  attentionRequests,
  attentionRoundStopped,
  comfortHoursWeekdays,
  currentValuesNotEnabled,
  everythingPending,
  fixtureAttention,
  indexBeforeFirstSync,
} from './support/scenarios';

const ui = {
  heading: () => screen.findByRole('heading', { level: 1, name: 'Needs attention now' }),
  table: () => screen.findByRole('table', { name: 'Rooms out of band' }),
  rows: async () => rowsOf(await ui.table()).slice(1),
  figures: () => screen.findByRole('region', { name: 'Figures' }),
  checks: () => screen.findByRole('region', { name: 'How current this is' }),
  measurement: () => screen.getByRole('combobox', { name: 'Measurement' }),
  order: () => screen.getByRole('combobox', { name: 'Order' }),
};

describe('Needs attention now', () => {
  it('shows a loading state first', async () => {
    server.use(...everythingPending());
    renderApp('/attention');
    expect(
      await screen.findByRole('status', { name: 'Loading the rooms that need attention' }),
    ).toBeInTheDocument();
  });

  it('lists rooms out of band worst first, each with its value, band and how long', async () => {
    renderApp('/attention');
    await ui.heading();
    const rows = await ui.rows();
    // Worst first as the server orders: furthest out, then longest out.
    // The rooms as the answer shown had them, at the time it was answered for.
    const expected = fixtureAttention(attentionAnsweredAt.at(-1)!).sort(
      (a, b) => b.outShare - a.outShare || Date.parse(a.outSince) - Date.parse(b.outSince),
    );
    expect(rows).toHaveLength(Math.min(200, expected.length));
    const figures = await ui.figures();
    expect(figures).toHaveTextContent(
      `Rooms out of band${new Set(expected.map((row) => row.roomId)).size.toLocaleString()}`,
    );
    expect(
      screen.getByText(
        new RegExp(
          `^${expected.reduce((sum, row) => sum + 1 + row.others.length, 0).toLocaleString()} readings out of band`,
        ),
      ),
    ).toBeInTheDocument();
    // The worst first: its room links to the room's page, its building to the building's.
    const worst = expected[0]!;
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: worst.roomName ?? '' })).toHaveAttribute(
      'href',
      `/buildings/${worst.buildingId}/levels/${worst.levelKey}/rooms/${worst.roomId}`,
    );
    expect(first.getByRole('link', { name: worst.buildingName ?? '' })).toHaveAttribute(
      'href',
      `/buildings/${worst.buildingId}`,
    );
    // Named in a facility manager's words, with the band and its source.
    const word = { temperature: /too (warm|cold)/, co2: /stale air/, humidity: /too (humid|dry)/ }[
      worst.kind
    ];
    expect(first.getByLabelText(new RegExp(`out of band`))).toHaveAccessibleName(word);
    expect(rows[0]).toHaveTextContent(
      { temperature: '20–24 °C', co2: '≤ 1,000 ppm', humidity: '25–60 %' }[worst.kind],
    );
    // How long: "at least" where the room was out when first read.
    const atLeast = expected.findIndex((row) => !row.outSinceKnown);
    if (atLeast >= 0 && atLeast < rows.length)
      expect(rows[atLeast]).toHaveTextContent(/at least \d/);
    const known = expected.findIndex((row) => row.outSinceKnown);
    if (known >= 0 && known < rows.length) expect(rows[known]).not.toHaveTextContent(/at least/);
    expect(await ui.checks()).toHaveTextContent(
      "reads the buildings' current values every 10 minutes, at most 1,200 platform requests each time, those checked longest ago first. The oldest check is from 8 minutes ago.",
    );
  });

  it('lists a room once per measure, naming its other sensors out of band on the row', async () => {
    renderApp('/attention');
    const rows = await ui.rows();
    const shown = fixtureAttention(attentionAnsweredAt.at(-1)!)
      .sort((a, b) => b.outShare - a.outShare || Date.parse(a.outSince) - Date.parse(b.outSince))
      .slice(0, rows.length);
    const withOthers = shown.findIndex((row) => row.others.length > 0);
    expect(withOthers).toBeGreaterThanOrEqual(0);
    const row = shown[withOthers]!;
    const other = row.others[0]!;
    // By its name where that tells it from the row's own sensor, else as another sensor.
    expect(rows[withOthers]).toHaveTextContent(
      other.name !== null && other.name !== row.name
        ? `also ${other.name}`
        : /also (another sensor|\d+ more sensors) /,
    );
    const keys = shown.map((row) => `${row.roomId} ${row.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('filters by measurement through the URL', async () => {
    const { router } = renderApp('/attention');
    await ui.rows();
    await userEvent.selectOptions(ui.measurement(), 'humidity');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=humidity'));
    await waitFor(async () => {
      for (const row of await ui.rows()) expect(row).toHaveTextContent('Relative humidity');
    });
    expect(attentionRequests.at(-1)).toContain('kind=humidity');
  });

  it('orders by how long through the URL, keeping the filter, and says what each order means', async () => {
    // Begun on one measurement's rooms, as a person who narrowed the list first.
    const { router } = renderApp('/attention?kind=humidity');
    await ui.rows();
    // What the order means is said, not left to a code comment (the walk's P3-9).
    expect(
      screen.getByText(/^Worst first: how far each reading is outside its band/),
    ).toBeVisible();
    await userEvent.selectOptions(ui.order(), 'longest');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=humidity&sort=longest'));
    expect(attentionRequests.at(-1)).toMatch(
      /kind=humidity.*sort=longest|sort=longest.*kind=humidity/,
    );
    expect(screen.getByText(/^Longest out of band first: the rooms/)).toBeVisible();
  });

  it("shows one building's rooms from a link, and all again when that is removed", async () => {
    // The building with the most rooms out of band in humidity (some, whatever the hour), so it has
    // some when the page asks a moment later; on one measurement, so "all again" is a few dozen rows.
    const rows = fixtureAttention(Date.now()).filter((row) => row.kind === 'humidity');
    const count = (id: string) => rows.filter((row) => row.buildingId === id).length;
    const building = [...rows].sort((a, b) => count(b.buildingId) - count(a.buildingId))[0]!;
    const { router } = renderApp(`/attention?kind=humidity&building=${building.buildingId}`);
    const chip = await screen.findByRole('button', {
      name: new RegExp(`Showing one building, ${building.buildingName}`),
    });
    for (const row of await ui.rows()) expect(row).toHaveTextContent(building.buildingName!);
    await userEvent.click(chip);
    await waitFor(() => expect(router.state.location.search).toBe('?kind=humidity'));
    // Every building's, as the last answer had them at the time it was answered for.
    const all = () =>
      fixtureAttention(attentionAnsweredAt.at(-1)!).filter((row) => row.kind === 'humidity');
    await waitFor(async () => expect(await ui.rows()).toHaveLength(all().length));
    expect(all().length).toBeGreaterThan(count(building.buildingId));
  });

  it('says no building has been checked yet, rather than that all is well', async () => {
    server.use(...attentionNothingChecked());
    renderApp('/attention');
    expect(await screen.findByText('No building has been checked yet.')).toBeInTheDocument();
    expect(await ui.checks()).toHaveTextContent(
      "Storey has not read any building's current values yet",
    );
    expect(screen.queryByText(/Every room checked is within/)).not.toBeInTheDocument();
  });

  it('says its counts are of the buildings checked so far, before the checks reach them all', async () => {
    server.use(...attentionPartlyChecked());
    renderApp('/attention');
    const figures = within(await ui.figures());
    // Both counts of what is out of band are of the buildings checked, not of the portfolio.
    expect(await figures.findAllByText('in the 3 buildings checked so far')).toHaveLength(2);
    expect(figures.getByText(/^3 of \d+$/)).toBeInTheDocument();
    expect(await ui.checks()).toHaveTextContent(
      /\d+ of \d+ buildings with devices have not been checked yet/,
    );
  });

  it('says when the bands apply, and that rooms read outside those hours are not listed', async () => {
    server.use(...comfortHoursWeekdays());
    renderApp('/attention');
    expect(await ui.checks()).toHaveTextContent(
      "The bands apply weekdays 07:00–19:00 on each site's clock: a room read outside those hours is not listed.",
    );
  });

  it('says why the last check stopped, in plain words', async () => {
    const why =
      "Storey's platform credential is not enabled for current values; ask your platform administrator";
    server.use(...attentionRoundStopped(why));
    renderApp('/attention');
    expect(await ui.checks()).toHaveTextContent(`The last check stopped early: ${why}.`);
  });

  it('says in plain words when the credential is not enabled for current values', async () => {
    server.use(...currentValuesNotEnabled(), ...attentionNothingChecked());
    renderApp('/attention');
    expect(
      await screen.findByText(
        /Current conditions are not shown: Storey's platform credential is not enabled/,
      ),
    ).toBeInTheDocument();
    expect(await ui.checks()).toHaveTextContent(
      'Storey cannot read current values from this platform, so no room is checked.',
    );
    expect(screen.queryByText(/\/api|403/)).not.toBeInTheDocument();
  });

  it('says in plain words that the portfolio is still being indexed before the first sync', async () => {
    server.use(...indexBeforeFirstSync());
    renderApp('/attention');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The portfolio is still being indexed.',
    );
  });

  it('is one of the main places, reached from the app bar', async () => {
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Needs attention' });
    expect(link).toHaveAttribute('href', '/attention');
  });
});
