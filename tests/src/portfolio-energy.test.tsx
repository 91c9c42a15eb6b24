/**
 * The portfolio's energy: buildings ranked by kWh per m² over the last 30 days, with how many
 * have that figure and why each other has not, in kWh/m² or kBtu/ft², as the server's energy
 * refresh worked it out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { rowsOf } from './support/queries';
import {
  energyNotReadYet,
  energyRequests,
  everythingPending,
  energyPeriod,
  fixtureEnergy,
  fixtureYearEnergy,
  historyRequests,
} from './support/scenarios';

const ui = {
  heading: () => screen.findByRole('heading', { level: 1, name: 'Energy' }),
  ranked: () => screen.findByRole('table', { name: 'Buildings ranked by energy use intensity' }),
  out: () => screen.findByRole('table', { name: 'Buildings without a figure, and why' }),
  stopped: () => screen.findByRole('table', { name: 'Meters that stopped or are stuck' }),
  rows: async (table: HTMLElement) => rowsOf(table).slice(1),
  figures: () => screen.findByRole('region', { name: 'Figures' }),
  coverage: () => screen.findByText(/buildings have a figure/),
  list: () => screen.getByRole('combobox', { name: 'List' }),
  order: () => screen.getByRole('combobox', { name: 'Order' }),
  unit: () => screen.getByRole('combobox', { name: 'Intensity in' }),
  period: () => screen.getByRole('combobox', { name: 'Period' }),
};

const ranked = fixtureEnergy
  .filter((row) => row.intensity !== null)
  .sort((a, b) => b.intensity! - a.intensity!);
const out = fixtureEnergy.filter((row) => row.reason !== null);
const one = (value: number) =>
  value.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

describe('the portfolio energy', () => {
  it('shows a loading state first', async () => {
    server.use(...everythingPending());
    renderApp('/energy');
    expect(
      await screen.findByRole('status', { name: "Loading the portfolio's energy" }),
    ).toBeInTheDocument();
  });

  it('ranks buildings by kWh per m², highest first, and says how many have a figure', async () => {
    renderApp('/energy');
    await ui.heading();
    const rows = await ui.rows(await ui.ranked());
    expect(rows).toHaveLength(ranked.length);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: ranked[0]!.name! })).toHaveAttribute(
      'href',
      `/buildings/${ranked[0]!.id}`,
    );
    expect(rows[0]).toHaveTextContent(one(ranked[0]!.intensity!));
    expect(rows.at(-1)).toHaveTextContent(one(ranked.at(-1)!.intensity!));
    // The coverage in words: how many of all, and why the others are out.
    const count = (reason: string) => out.filter((row) => row.reason === reason).length;
    expect(count('no-area')).toBeGreaterThan(0);
    expect(count('meter-stuck')).toBeGreaterThan(0);
    expect(await ui.coverage()).toHaveTextContent(
      `${ranked.length} of ${fixtureEnergy.length} buildings have a figure; ${out.length} do not: ` +
        [
          `${count('no-area')} without a floor area`,
          `${count('meter-stuck')} with ${count('meter-stuck') === 1 ? 'a stuck meter' : 'stuck meters'}`,
          `${count('beyond-retention')} whose site${count('beyond-retention') === 1 ? ' keeps' : 's keep'} fewer days than the period`,
          `${count('partial')} whose readings do not cover every day`,
        ].join(', '),
    );
    const portfolio =
      ranked.reduce((sum, row) => sum + row.usedKwh!, 0) /
      ranked.reduce((sum, row) => sum + row.area!, 0);
    expect(await ui.figures()).toHaveTextContent(`Portfolio intensity${one(portfolio)} kWh/m²`);
    // A change where both periods are whole; words where the one before cannot be compared.
    const compared = ranked.findIndex((row) => row.change !== null);
    expect(rows[compared]).toHaveTextContent(/[+-−]\d/);
    const notCompared = ranked.findIndex((row) => row.change === null);
    expect(rows[notCompared]).toHaveTextContent('Not compared: the site keeps fewer than 60 days');
  });

  it('reads the same figures in kBtu/ft², through the URL', async () => {
    const { router } = renderApp('/energy');
    await ui.ranked();
    await userEvent.selectOptions(ui.unit(), 'kbtu-ft2');
    await waitFor(() => expect(router.state.location.search).toBe('?unit=kbtu-ft2'));
    const rows = await ui.rows(await ui.ranked());
    expect(within(await ui.ranked()).getByRole('columnheader', { name: 'kBtu/ft²' })).toBeVisible();
    expect(rows[0]).toHaveTextContent(one(ranked[0]!.intensity! / 3.1546));
    // The unit is the page's: the server is not asked again for it.
    expect(energyRequests.every((url) => !url.includes('unit'))).toBe(true);
  });

  it('ranks the last 12 whole months, naming them, with no comparison it cannot make', async () => {
    const { router } = renderApp('/energy?sort=change');
    await ui.ranked();
    await userEvent.selectOptions(ui.period(), '12-months');
    await waitFor(() => expect(router.state.location.search).toContain('period=12-months'));
    await waitFor(() => expect(energyRequests.at(-1)).toContain('period=12-months'));
    // Largest increase has no year before to compare with: the order reads as intensity.
    expect(energyRequests.at(-1)).not.toContain('sort=change');
    expect(within(ui.order()).queryByRole('option', { name: 'Largest increase first' })).toBeNull();
    const year = fixtureYearEnergy
      .filter((row) => row.intensity !== null)
      .sort((a, b) => b.intensity! - a.intensity!);
    const table = await ui.ranked();
    await waitFor(async () => expect(await ui.rows(table)).toHaveLength(year.length));
    const rows = await ui.rows(await ui.ranked());
    expect(rows[0]).toHaveTextContent(one(year[0]!.intensity!));
    expect(
      within(await ui.ranked()).queryByRole('columnheader', { name: /Against/ }),
    ).not.toBeInTheDocument();
    const period = energyPeriod(true, '12-months')!;
    const month = (date: string) =>
      new Intl.DateTimeFormat(undefined, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.parse(date));
    expect(await ui.coverage()).toHaveTextContent(
      `The last 12 whole months, ${month(period.from)} to ${month(period.to)}`,
    );
    expect(await ui.coverage()).toHaveTextContent(
      `${year.length} of ${fixtureYearEnergy.length} buildings have a figure`,
    );
    // Back to 30 days: the URL forgets the year.
    await userEvent.selectOptions(ui.period(), '');
    await waitFor(() => expect(router.state.location.search).not.toContain('period'));
  });

  it('orders by the largest increase, and lists the buildings left out with why', async () => {
    renderApp('/energy');
    await ui.ranked();
    await userEvent.selectOptions(ui.order(), 'change');
    await waitFor(() => expect(energyRequests.at(-1)).toContain('sort=change'));
    await userEvent.selectOptions(ui.list(), 'out');
    const rows = await ui.rows(await ui.out());
    expect(rows).toHaveLength(out.length);
    const partial = out.findIndex((row) => row.reason === 'partial');
    expect(rows[partial]).toHaveTextContent('Readings cover 27 of 30 days');
    const noArea = out.findIndex((row) => row.reason === 'no-area');
    expect(rows[noArea]).toHaveTextContent('The platform has no floor area for it');
  });

  it('lists the meters that stopped reporting, then those stuck, with what is wrong', async () => {
    renderApp('/energy?list=stopped');
    const rows = await ui.rows(await ui.stopped());
    const stuck = fixtureEnergy.filter((row) => row.stuckDays > 0);
    expect(stuck.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(2 + stuck.length);
    expect(rows[0]).toHaveTextContent(/1 day ago|26 hours ago/);
    expect(rows.at(-1)).toHaveTextContent('Its total stood still on 2 whole days of the period');
    expect(await ui.figures()).toHaveTextContent(`Meters stuck${stuck.length}`);
  });

  it("gives a building's page the ranking's own figures, not a second count", async () => {
    const building = ranked.find((row) => row.change !== null)!;
    renderApp(`/buildings/${building.id}`);
    const energy = await screen.findByRole('region', { name: 'Energy' });
    await within(energy).findByText(`${Math.round(building.usedKwh!).toLocaleString()} kWh`);
    expect(energy).toHaveTextContent(`${one(building.intensity!)} kWh/m²`);
    expect(energy).toHaveTextContent(
      `${(building.change! * 100).toLocaleString(undefined, { maximumFractionDigits: 1, signDisplay: 'exceptZero' })}% against the 30 days before`,
    );
    expect(within(energy).getByRole('link', { name: 'energy ranking' })).toHaveAttribute(
      'href',
      '/energy',
    );
    // Its meter's 60 days are not read again by the browser for these figures.
    expect(
      historyRequests.filter((request) => request.to - request.from > 31 * 24 * 60 * 60 * 1000),
    ).toEqual([]);
  });

  it("gives a building's page its last 12 months and its use in each, as the ranking has them", async () => {
    const building = fixtureYearEnergy.find((row) => row.intensity !== null)!;
    renderApp(`/buildings/${building.id}`);
    const energy = await screen.findByRole('region', { name: 'Energy' });
    // eslint-disable-next-line testing-library/no-node-access -- a figure's card has no role
    const year = (await within(energy).findByText('Last 12 months')).closest('div')!;
    expect(year).toHaveTextContent(
      `${one(building.intensity!)} kWh/m²${Math.round(building.usedKwh!).toLocaleString()} kWh, `,
    );
    // The months as a table: twelve, the winter ones the heaviest.
    const charts = within(energy).getAllByRole('button', { name: 'Table' });
    await userEvent.click(charts.at(-1)!);
    const months = await within(energy).findByRole('table', {
      name: 'Use per month, the last 12 whole months',
    });
    const rows = rowsOf(months).slice(1);
    expect(rows).toHaveLength(12);
    expect(within(energy).queryByText(/months? (is|are) left empty/)).not.toBeInTheDocument();
  });

  it('says why a building has no 12-month figure, and leaves the months it cannot count empty', async () => {
    const building = fixtureYearEnergy.find(
      (row) =>
        row.reason === 'beyond-retention' &&
        fixtureEnergy.find((month) => month.id === row.id)!.reason === null,
    )!;
    renderApp(`/buildings/${building.id}`);
    const energy = await screen.findByRole('region', { name: 'Energy' });
    // eslint-disable-next-line testing-library/no-node-access -- a figure's card has no role
    const year = (await within(energy).findByText('Last 12 months')).closest('div')!;
    expect(year).toHaveTextContent(
      'Not given: its site keeps fewer days of history than the period',
    );
    expect(
      await within(energy).findByText(
        /11 months are left empty: the meter's readings do not cover them whole/,
      ),
    ).toBeInTheDocument();
  });

  it("says why a building's page has no kWh per m², in the ranking's words", async () => {
    const building = out.find((row) => row.reason === 'no-area')!;
    renderApp(`/buildings/${building.id}`);
    const energy = await screen.findByRole('region', { name: 'Energy' });
    expect(
      await within(energy).findByText('Not given: the platform has no floor area for it.'),
    ).toBeInTheDocument();
    // Said once: the 12 months have no figure for the same reason.
    expect(within(energy).queryByText('Last 12 months')).not.toBeInTheDocument();
  });

  it('says the meters have not been read yet, rather than showing an empty ranking', async () => {
    server.use(...energyNotReadYet());
    renderApp('/energy');
    expect(await screen.findByText('The meters have not been read yet')).toBeInTheDocument();
    expect(screen.getByText(/reads each building's meter day by day/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
