import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import { holding, rowsOf } from './support/queries';
import { renderApp } from './support/render-app';
import { everythingPending, fixture, indexBeforeFirstSync, indexTotals } from './support/scenarios';

describe('Sites screen from the portfolio index', () => {
  const ui = {
    table: (name: 'Sites' | 'Organizations') => screen.findByRole('table', { name }),
    rowNames: (table: HTMLElement) =>
      rowsOf(table)
        .slice(1, -1)
        .map((row) => within(row).getAllByRole('rowheader')[0]!.textContent),
  };
  const [first, second, third] = indexTotals.rows;

  it('shows every site with its sums, its shares and the total, largest area first', async () => {
    renderApp('/sites');
    const table = await ui.table('Sites');
    expect(ui.rowNames(table)).toEqual([first!.name, second!.name, third!.name]);
    const row = holding(table, 'link', `${first!.name}: show its buildings in the portfolio`);
    // 1,500 of 2,000 m²: the share the server worked out, as a person reads it.
    expect(within(row).getByText('(75%)')).toBeInTheDocument();
    const total = rowsOf(table).at(-1)!;
    expect(total).toHaveTextContent('All 3 sites');
    expect(screen.getByText(/leave out 1 building whose counts/)).toBeInTheDocument();
  });

  it('sorts by any column, and by organization, keeping both in the address', async () => {
    const { router } = renderApp('/sites');
    const table = await ui.table('Sites');
    await userEvent.click(within(table).getByRole('button', { name: 'Floors' }));
    expect(ui.rowNames(table)).toEqual([second!.name, first!.name, third!.name]);
    await userEvent.click(within(table).getByRole('button', { name: 'Floors' }));
    expect(ui.rowNames(table)).toEqual([third!.name, first!.name, second!.name]);
    expect(router.state.location.search).toBe('?sort=floors&dir=asc');
    await userEvent.click(screen.getByRole('button', { name: 'By organization' }));
    expect(await ui.table('Organizations')).toBeInTheDocument();
    expect(router.state.location.search).toContain('by=organization');
  });

  it("names each site's organization, filters by name or organization, and adds up what is shown", async () => {
    const { router } = renderApp('/sites');
    const table = await ui.table('Sites');
    const organization = fixture.organizations.find(
      (candidate) => candidate.id === fixture.sites[0]!.organizationId,
    )!;
    const row = holding(table, 'link', `${first!.name}: show its buildings in the portfolio`);
    expect(within(row).getByRole('cell', { name: organization.name! })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Filter sites' }), second!.name!);
    await waitFor(() => expect(ui.rowNames(table).slice(0, -1)).toEqual([second!.name]));
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ q: second!.name! })}`);
    // Shown, then the whole: 500 of 2,000 m² is a quarter of the portfolio's area.
    const [shown, whole] = rowsOf(table).slice(-2);
    expect(shown).toHaveTextContent('1 of 3 sites shown');
    expect(within(shown!).getByText('(25%)')).toBeInTheDocument();
    expect(whole).toHaveTextContent('All 3 sites');

    await userEvent.clear(screen.getByRole('textbox', { name: 'Filter sites' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter sites' }), 'no such place');
    expect(await within(table).findByText('No sites match this filter.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says which columns a narrow window hides, and shows them on request', async () => {
    // The test's window matches no width query: a phone, where only Site and Area show.
    renderApp('/sites');
    await ui.table('Sites');
    const toggle = screen.getByRole('button', { name: 'Show 6 columns' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(
      screen.getByText(/hidden at this width \(Organization, Buildings, Floors, Spaces/),
    ).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide 6 columns' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('Sites screen before the index has read the portfolio, and without sites', () => {
  it('says the portfolio is still being indexed, and shows the totals once it is', async () => {
    server.use(...indexBeforeFirstSync());
    renderApp('/sites');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The portfolio is still being indexed.');
    // No second way to sum the sites: nothing is drawn until the index answers.
    expect(screen.queryByRole('table', { name: 'Sites' })).not.toBeInTheDocument();
    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Sites' })).toBeInTheDocument();
  });

  it('explains an index that holds no site this person may see', async () => {
    server.use(
      http.get('*/api/index/totals', () =>
        HttpResponse.json({
          ...indexTotals,
          rows: [],
          total: { ...indexTotals.total, buildings: 0, area: 0, floors: 0, spaces: 0, devices: 0 },
        }),
      ),
    );
    renderApp('/sites');
    expect(await screen.findByText('You see no sites')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sites' })).not.toBeInTheDocument();
  });

  it('shows a loading skeleton first', async () => {
    server.use(...everythingPending());
    renderApp('/sites');
    expect(await screen.findByRole('status', { name: 'Loading the totals' })).toBeInTheDocument();
  });
});
