import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import {
  buildingsFail,
  buildingsPlatformShapes,
  everythingPending,
  fixtureBuildings,
  indexOrganizationTotals,
  portfolioEmpty,
  portfolioOf,
  sitesFail,
} from './support/scenarios';
import { holding, rowsOf } from './support/queries';
import { renderApp } from './support/render-app';

describe('Portfolio screen', () => {
  it('shows a loading skeleton while the buildings load', async () => {
    server.use(...everythingPending());
    renderApp('/');
    expect(
      await screen.findByRole('status', { name: 'Loading the portfolio' }),
    ).toBeInTheDocument();
  });

  it('explains an empty portfolio', async () => {
    server.use(...portfolioEmpty());
    renderApp('/');
    expect(await screen.findByText('This account sees no buildings')).toBeInTheDocument();
  });

  it('shows the problem detail with Retry, and recovers on Retry', async () => {
    server.use(...buildingsFail(502, 'The platform failed to answer (status 503).'));
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The platform failed to answer (status 503).');
    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
  });

  it.each([
    [502, 'The platform failed to answer (status 500).'],
    [503, "The platform's identity provider did not issue a token (unreachable)."],
    [504, 'The platform did not answer in time.'],
    [429, 'The platform is rate limiting requests. Try again shortly.'],
    [403, 'The request was refused by the platform gateway.'],
  ])('shows a BFF %i as a readable error and recovers on Retry', async (status, detail) => {
    server.use(...buildingsFail(status, detail));
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(detail);
    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Headline figures' })).toBeInTheDocument();
  });

  it.each([
    ['an array-of-strings 400', 'array-400' as const, /Unsupported API Version was requested/],
    ['an HTML 403 page', 'html-403' as const, /status 403/],
    ['a bare 429', 'bare-429' as const, /status 429/],
  ])('turns %s into a readable error', async (_case, kind, message) => {
    server.use(...buildingsPlatformShapes(kind));
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("reads no further than Storey's designed maximum, whatever the platform's total says", async () => {
    // Full pages without end, claiming 5,000,000 entries (security review L7): the count is not
    // believed, so pages are asked one after another, and never more than 20 of them.
    const asked: number[] = [];
    server.use(
      http.get('*/api/Buildings', ({ request }) => {
        const skip = Number(new URL(request.url).searchParams.get('skip'));
        asked.push(skip);
        const page = Array.from({ length: 1000 }, (_, index) => ({
          ...fixtureBuildings[0]!,
          id: `b-${skip + index}`,
        }));
        return HttpResponse.json(page, { headers: { 'x-total-count': '5000000' } });
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The platform lists more than 20,000 entries here; Storey reads at most that many.',
    );
    expect(asked).toEqual(Array.from({ length: 20 }, (_, page) => page * 1000));
  });

  it('stops reading a platform that sends the same page again, and says why', async () => {
    let asked = 0;
    const page = Array.from({ length: 1000 }, (_, index) => ({
      ...fixtureBuildings[0]!,
      id: `b-${index}`,
    }));
    server.use(
      http.get('*/api/Buildings', () => {
        asked += 1;
        return HttpResponse.json(page);
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The platform sent the same page of this list twice',
    );
    expect(asked).toBe(2);
  });

  it('shows headline figures, counting devices only where included and saying over how many', async () => {
    renderApp('/');
    const figures = await screen.findByRole('region', { name: 'Headline figures' });
    const withCounts = fixtureBuildings.filter((b) => b.includesDeviceAndMeasurementCounts);
    const devices = withCounts.reduce((sum, b) => sum + b.deviceCount, 0);
    expect(within(figures).getByText(String(fixtureBuildings.length))).toBeInTheDocument();
    expect(within(figures).getByText(devices.toLocaleString())).toBeInTheDocument();
    const notes = within(figures).getAllByText(
      `over ${withCounts.length} of ${fixtureBuildings.length} buildings;`,
      { exact: false },
    );
    expect(notes).toHaveLength(2);
    // The exclusion links to the rule that explains it.
    const links = within(figures).getAllByRole('link', {
      name: "the others' counts are not included",
    });
    expect(links[0]).toHaveAttribute('href', '/quality?rule=counts-not-included');
  });

  it('reads an area of 0 as unknown: left out of the total, which says over how many', async () => {
    renderApp('/');
    const figures = await screen.findByRole('region', { name: 'Headline figures' });
    const withArea = fixtureBuildings.filter((b) => (b.area ?? 0) > 0);
    expect(withArea.length).toBeLessThan(fixtureBuildings.length); // the fixture has some at 0
    const total = withArea.reduce((sum, b) => sum + b.area, 0);
    expect(figures).toHaveTextContent(
      `Total area${total.toLocaleString('en-US', { maximumFractionDigits: 1 })} m²over ${withArea.length} of ${fixtureBuildings.length} buildings`,
    );
    // And the building's own row says it is not known, not "0".
    const table = await screen.findByRole('table', { name: 'Buildings' });
    const zero = fixtureBuildings.find((b) => b.area === 0)!;
    const row = holding(table, 'link', zero.name!);
    expect(within(row).queryByText(/^0$/)).not.toBeInTheDocument();
  });

  it('tells two buildings of one name apart in the table, however narrow', async () => {
    renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    const name = fixtureBuildings.find(
      (b) => fixtureBuildings.filter((other) => other.name === b.name).length > 1,
    )!.name!;
    const twins = fixtureBuildings.filter((b) => b.name === name);
    for (const twin of twins)
      expect(
        await within(table).findByRole('link', {
          name: `${name} (${twin.referenceId})`,
        }),
      ).toBeInTheDocument();
  });

  it('lists buildings with "not included" instead of a false 0', async () => {
    renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await within(table).findByRole('link', { name: 'Bâtiment «Étoile»' });
    const row = holding(table, 'link', 'Bâtiment «Étoile»');
    expect(within(row).getAllByText('not included')).toHaveLength(2);
  });

  it('filters by search text through the URL, once typing pauses, replacing the entry', async () => {
    const { router } = renderApp('/');
    const field = await screen.findByRole('textbox', { name: 'Search name or reference' });
    const entriesBefore = window.history.length;
    // Typed with no pause between keys: every key is kept, and the URL is written once.
    await userEvent.type(field, 'harbour', { delay: null });
    expect(field).toHaveValue('harbour');
    await waitFor(() => expect(router.state.location.search).toBe('?q=harbour'));
    expect(window.history.length).toBe(entriesBefore);
    const figures = screen.getByRole('region', { name: 'Headline figures' });
    expect(await within(figures).findByText(`of ${fixtureBuildings.length}`)).toBeInTheDocument();
  });

  it('applies what was typed at once when the field is left, so a click just after is not undone', async () => {
    const { router } = renderApp('/');
    const field = await screen.findByRole('textbox', { name: 'Search name or reference' });
    await userEvent.type(field, 'tower', { delay: null });
    await userEvent.tab();
    expect(router.state.location.search).toBe('?q=tower');
  });

  it('takes a search changed from outside (a link, Back) into the field', async () => {
    const { router } = renderApp('/?q=tower');
    const field = await screen.findByRole('textbox', { name: 'Search name or reference' });
    expect(field).toHaveValue('tower');
    await act(() => router.navigate('/?q=campus'));
    await waitFor(() => expect(field).toHaveValue('campus'));
  });

  it('restores filters from a deep link', async () => {
    const site = fixtureBuildings[0]!.siteId;
    renderApp(`/?site=${site}`);
    const figures = await screen.findByRole('region', { name: 'Headline figures' });
    const expected = fixtureBuildings.filter((b) => b.siteId === site).length;
    expect(within(figures).getByText(String(expected))).toBeInTheDocument();
  });

  it('still lists buildings when sites fail, with a warning', async () => {
    server.use(...sitesFail(503));
    renderApp('/');
    expect(await screen.findByText(/Site names could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Headline figures' })).toBeInTheDocument();
  });

  it('offers each chart as a table, and says what a top 10 leaves out in words, not as a bar', async () => {
    renderApp('/');
    const title = 'The 10 largest buildings';
    const group = await screen.findByRole('group', { name: 'Charts: view as' });
    await userEvent.click(within(group).getByRole('button', { name: 'Tables' }));
    const table = await screen.findByRole('table', { name: title });
    // A building without an area (0 is how the platform says it) is no bar, not a bar of 0.
    const withArea = fixtureBuildings.filter((building) => (building.area ?? 0) > 0);
    const largest = [...withArea].sort((a, b) => b.area - a.area);
    expect(rowsOf(table)).toHaveLength(11);
    expect(rowsOf(table)[1]).toHaveTextContent(largest[0]!.name!);
    const figure = screen.getByRole('figure', { name: title });
    expect(
      within(figure).getByText(`The other ${withArea.length - 10} buildings`, {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  it("shows every organization's area and its share, from the index", async () => {
    renderApp('/');
    const title = 'Area by organization';
    const group = await screen.findByRole('group', { name: 'Charts: view as' });
    await userEvent.click(within(group).getByRole('button', { name: 'Tables' }));
    const table = await screen.findByRole('table', { name: title });
    await waitFor(() =>
      expect(rowsOf(table)).toHaveLength(indexOrganizationTotals.rows.length + 1),
    );
    const first = indexOrganizationTotals.rows[0]!;
    expect(rowsOf(table)[1]).toHaveTextContent(
      `${first.name} (${new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(first.share.area)})`,
    );
    expect(
      within(screen.getByRole('figure', { name: title })).queryByText(/The other/),
    ).not.toBeInTheDocument();
  });

  it('leaves out of Spaces per 1,000 m² the buildings Compare leaves out, and counts them alike', async () => {
    const measure = 'Spaces per 1,000 m²';
    const { unmount } = renderApp('/');
    const group = await screen.findByRole('group', { name: 'Charts: view as' });
    await userEvent.click(within(group).getByRole('button', { name: 'Tables' }));
    const figure = screen.getByRole('figure', { name: measure });
    const leftOut = async (within_: HTMLElement) =>
      (
        await waitFor(() => {
          const found = /(\d+) whose inputs have data errors or warnings/.exec(
            within_.textContent ?? '',
          );
          expect(found).not.toBeNull();
          return found!;
        })
      )[1];
    const onPortfolio = await leftOut(figure);
    const table = await within(figure).findByRole('table');
    const counted = rowsOf(table)
      .slice(1)
      .reduce((sum, row) => sum + Number(within(row).getAllByRole('cell')[1]!.textContent), 0);
    unmount();
    const ids = fixtureBuildings.slice(0, 2).map((building) => building.id);
    renderApp(`/compare?ids=${ids.join(',')}`);
    const onCompare = await leftOut(await screen.findByRole('figure', { name: measure }));
    expect(onPortfolio).toBe(onCompare);
    expect(Number(onPortfolio)).toBeGreaterThan(0);
    // The buildings drawn are the ones Compare places its buildings among.
    expect(
      within(screen.getByRole('figure', { name: measure })).getByText(
        new RegExp(`, ${counted} buildings\\); left out:`),
      ),
    ).toBeInTheDocument();
  });

  it('shows distributions as histograms of buildings, counted in whole numbers', async () => {
    renderApp('/');
    const title = 'Buildings by number of floors';
    const group = await screen.findByRole('group', { name: 'Charts: view as' });
    await userEvent.click(within(group).getByRole('button', { name: 'Tables' }));
    const table = await screen.findByRole('table', { name: title });
    const counts = rowsOf(table)
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('cell')[1]!.textContent));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(fixtureBuildings.length);
  });
});

describe('Buildings table', () => {
  const namesInTable = () =>
    rowsOf(screen.getByRole('table', { name: 'Buildings' }))
      .slice(1)
      // The first cell is the row's Compare box; the building's name follows.
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

  it('sorts a figure largest first from its header, absent counts last, and keeps the sort in the URL', async () => {
    const { router } = renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await within(table).findByRole('link', { name: 'Skyline Tower' });
    await userEvent.click(within(table).getByRole('button', { name: 'Devices' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=deviceCount&dir=desc'));
    const withCounts = [...fixtureBuildings]
      .filter((b) => b.includesDeviceAndMeasurementCounts)
      .sort((a, b) => b.deviceCount - a.deviceCount);
    const names = namesInTable();
    expect(names[0]).toBe(withCounts[0]!.name);
    expect(names.at(-1)).toBe(
      fixtureBuildings.filter((b) => !b.includesDeviceAndMeasurementCounts).at(-1)!.name,
    );
    expect(within(table).getByRole('columnheader', { name: /Devices/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Devices' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=deviceCount&dir=asc'));
  });

  it('opens a building from a click anywhere on its row', async () => {
    const { router } = renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await within(table).findByRole('link', { name: fixtureBuildings[4]!.name! });
    const row = holding(table, 'link', fixtureBuildings[4]!.name!);
    await userEvent.click(within(row).getAllByRole('cell')[4]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/buildings/${fixtureBuildings[4]!.id}`),
    );
  });

  it('opens a building from Enter on its name', async () => {
    const { router } = renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    const link = await within(table).findByRole('link', { name: fixtureBuildings[5]!.name! });
    await userEvent.type(link, '{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/buildings/${fixtureBuildings[5]!.id}`),
    );
  });

  it('opens a building from its name without selecting the row', async () => {
    const { router } = renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await userEvent.click(
      await within(table).findByRole('link', { name: fixtureBuildings[4]!.name! }),
    );
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/buildings\//));
  });

  it('keeps only a window of rows in the DOM for 10,000 buildings', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      ...fixtureBuildings[index % fixtureBuildings.length]!,
      id: `b-${index}`,
      name: `Building ${index}`,
    }));
    server.use(...portfolioOf(many));
    renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(rowsOf(table).length).toBeLessThan(200);
  });
});
