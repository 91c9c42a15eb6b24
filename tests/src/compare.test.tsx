/**
 * The comparison screen and how buildings get onto it: picking in the portfolio table, search and a
 * building's page; the screen's states; and its request budget on a 10,000-building portfolio.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Building, Site } from '@/api/platform-schemas';
import { paths } from '@/config/paths';
import { compareBuildings, formatPercentile } from '@/features/compare/utils/comparison';
import { energyReasonWords } from '@/domain/energy-intensity';
import { formatCount } from '@/lib/format';
import { formatMeasure } from '@/features/compare/utils/format-measure';
import { generatePortfolio, resolvePortfolioOptions } from '../../server/emulator/portfolio';
import { rules } from '../../server/portfolio-index/quality/catalogue';
import { server } from './support/msw-server';
import { holding } from './support/queries';
import { renderApp } from './support/render-app';
import {
  buildingsFail,
  everythingPending,
  fixture,
  fixtureBuildings,
  fixtureEnergy,
  fixtureQuality,
  graphqlRequests,
} from './support/scenarios';

const ui = {
  sideBySide: () => screen.findByRole('table', { name: 'Side by side' }),
  legend: () => screen.getByRole('list', { name: 'Compared buildings' }),
  compareBox: (name: string) => screen.getByRole('checkbox', { name: `Compare ${name}` }),
  comparisonBar: () => screen.getByRole('group', { name: 'Comparison' }),
};

const three = fixtureBuildings.slice(2, 5);
const idsOf = (buildings: readonly { id: string }[]) => buildings.map((building) => building.id);

/**
 * The comparison worked out with the data quality the server serves: values in doubt are left out
 * of the spread.
 */
const comparedAsServed = (buildings: readonly { id: string }[]) =>
  compareBuildings(
    fixtureBuildings as unknown as Building[],
    fixture.sites as unknown as Site[],
    idsOf(buildings),
    {
      byBuilding: new Map(
        [...fixtureQuality.scores].map(([id, score]) => [
          id,
          {
            score,
            ruleIds: [
              ...new Set(
                fixtureQuality.rows.filter((row) => row.buildingId === id).map((r) => r.ruleId),
              ),
            ],
          },
        ]),
      ),
      rules: new Map(rules.map((rule) => [rule.id, { ...rule, fields: [...rule.fields] }])),
    },
  );

describe('Compare screen', () => {
  it('shows a loading state inside the page frame first', async () => {
    server.use(...everythingPending());
    renderApp(paths.compare(idsOf(three)));
    expect(
      await screen.findByRole('status', { name: 'Loading the buildings to compare' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Compare buildings' })).toBeVisible();
  });

  it('keeps its title and breadcrumbs when the buildings cannot be loaded, with Retry', async () => {
    server.use(...buildingsFail(503));
    renderApp(paths.compare(idsOf(three)));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent('Portfolio');
  });

  it('compares three buildings side by side: facts, measures with percentiles, the portfolio median', async () => {
    renderApp(paths.compare(idsOf(three)));
    const table = await ui.sideBySide();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(1, 4)).toEqual(three.map((b, index) => `${'ABC'[index]} · ${b.name}`));
    const expected = comparedAsServed(three);
    const row = holding(table, 'rowheader', 'Spaces per floor (spaces)');
    const cells = within(row).getAllByRole('cell');
    expected.compared.forEach((entry, index) => {
      const value = entry.values.spacesPerFloor;
      if (value.ok) {
        expect(cells[index]).toHaveTextContent(
          formatMeasure({ digits: 1 }, value.value) + ' · ' + formatPercentile(value.percentile!),
        );
      } else expect(cells[index]).toHaveTextContent(`not available: ${value.reason}`);
    });
    const spread = expected.measures.find((m) => m.measure.id === 'spacesPerFloor')!.spread!;
    expect(cells.at(-1)).toHaveTextContent(
      `${formatMeasure({ digits: 1 }, spread.median)} (${formatMeasure({ digits: 1 }, spread.q1)}–`,
    );
    // The highest and lowest of a row are marked in words.
    expect(within(table).getAllByText('▲ highest').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('▼ lowest').length).toBeGreaterThan(0);
  });

  it('draws every measure against the portfolio with a table view, and the floors at one scale', async () => {
    renderApp(paths.compare(idsOf(three)));
    await ui.sideBySide();
    // Every measure has a figure against the portfolio, with a table view.
    expect(screen.getAllByRole('group', { name: /: view as$/ })).toHaveLength(7);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Area per space: view as' })).getByRole('button', {
        name: 'Table',
      }),
    );
    expect(
      await screen.findByRole('table', { name: 'Area per space against the portfolio' }),
    ).toBeInTheDocument();
    // Floors at one scale, one plan each.
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: /^[ABC], .+: \d+ floors?/ })).toHaveLength(3),
    );
  });

  it('places energy use intensity as the index ranks it, and says why a building has none', async () => {
    renderApp(paths.compare(idsOf(three)));
    const table = await ui.sideBySide();
    const row = holding(table, 'rowheader', 'Energy use intensity (kWh/m², 30 days)');
    const ranked = fixtureEnergy
      .flatMap((entry) => (entry.intensity === null ? [] : [entry.intensity]))
      .sort((a, b) => a - b);
    const cells = within(row).getAllByRole('cell');
    for (const [index, building] of three.entries()) {
      const energy = fixtureEnergy.find((entry) => entry.id === building.id)!;
      // The intensity the Energy page ranks, placed in the portfolio; otherwise the index's reason.
      await waitFor(() =>
        expect(cells[index]).toHaveTextContent(
          energy.intensity !== null
            ? new RegExp(
                `^${formatMeasure({ digits: 1 }, energy.intensity)} · \\d+(st|nd|rd|th) percentile`,
              )
            : `not available: ${energyReasonWords(energy.reason!, { coveredDays: energy.coveredDays, days: 30 }).toLowerCase()}`,
        ),
      );
    }
    expect(
      three.some((building) => fixtureEnergy.find((e) => e.id === building.id)!.intensity === null),
    ).toBe(true);
    expect(screen.getByRole('figure', { name: 'Energy use intensity' })).toHaveTextContent(
      `${formatCount(fixtureBuildings.length - ranked.length)} without the inputs`,
    );
  });

  it('shows the other measures and says why not energy when the index cannot answer', async () => {
    server.use(
      http.get('*/api/index/energy/intensities', () =>
        HttpResponse.json(
          { title: 'The portfolio is still being indexed: try again in a minute.', status: 503 },
          { status: 503, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp(paths.compare(idsOf(three)));
    const table = await ui.sideBySide();
    expect(await screen.findByText(/Energy use intensity is not shown\./)).toBeInTheDocument();
    const row = holding(table, 'rowheader', 'Energy use intensity (kWh/m², 30 days)');
    for (const cell of within(row).getAllByRole('cell').slice(0, 3))
      expect(cell).toHaveTextContent('not available: the energy figures could not be loaded');
    expect(
      within(table).getByRole('rowheader', { name: 'Spaces per floor (spaces)' }),
    ).toBeVisible();
  });

  it('says "not available" and why, never a false 0, for counts the platform did not include', async () => {
    const without = fixtureBuildings
      .filter((b) => !b.includesDeviceAndMeasurementCounts)
      .slice(0, 1);
    const withCounts = fixtureBuildings
      .filter((b) => b.includesDeviceAndMeasurementCounts)
      .slice(0, 1);
    renderApp(paths.compare(idsOf([...without, ...withCounts])));
    const table = await ui.sideBySide();
    const row = holding(table, 'rowheader', 'Devices per 1,000 m² (devices)');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(
      'not available: device and measurement counts not included by the platform',
    );
  });

  it('removes a building through the URL, and explains a link with fewer than two known buildings', async () => {
    const { router } = renderApp(paths.compare([...idsOf(three), 'no-such-building']));
    await ui.sideBySide();
    expect(
      screen.getByText('1 of the linked buildings is not in the portfolio (unknown id).'),
    ).toBeVisible();
    await userEvent.click(
      within(ui.legend()).getByRole('button', {
        name: `Remove ${three[0]!.name} from the comparison`,
      }),
    );
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('ids')).toBe(
        idsOf(three.slice(1)).join(','),
      ),
    );
    renderApp(paths.compare([three[0]!.id, 'no-such-building']));
    expect(
      await screen.findByText(/This link names only one building of the portfolio/),
    ).toBeVisible();
  });
});

describe('Picking buildings to compare', () => {
  it('picks from the portfolio table by keyboard and opens the comparison', async () => {
    const { router } = renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await within(table).findByRole('link', { name: three[0]!.name! });
    ui.compareBox(three[0]!.name!).focus();
    await userEvent.keyboard(' ');
    expect(ui.comparisonBar()).toHaveTextContent('1 of 6 picked · pick at least 2');
    await userEvent.click(ui.compareBox(three[1]!.name!));
    await userEvent.click(within(ui.comparisonBar()).getByRole('link', { name: 'Compare 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compare'));
    expect(new URLSearchParams(router.state.location.search).get('ids')).toBe(
      idsOf(three.slice(0, 2)).join(','),
    );
    expect(await ui.sideBySide()).toBeInTheDocument();
  });

  it('allows six at most: a seventh box is disabled', async () => {
    renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await within(table).findByRole('link', { name: fixtureBuildings[0]!.name! });
    const named = fixtureBuildings.filter((b) => b.name && b.name.trim()).slice(0, 7);
    const boxes = named.map(
      (b) => within(table).getAllByRole('checkbox', { name: `Compare ${b.name}` })[0]!,
    );
    for (const box of boxes.slice(0, 6)) await userEvent.click(box);
    expect(boxes[6]).toBeDisabled();
    // Said where the count is, and on the box a person tries to tick.
    expect(ui.comparisonBar()).toHaveTextContent('6 of 6 picked · the most Compare shows');
    expect(boxes[6]).toHaveAttribute(
      'title',
      '6 buildings are picked, the most Compare shows: clear one to pick this',
    );
  });

  it('adds a building from its page and from search results', async () => {
    const { unmount: leaveBuilding } = renderApp(`/buildings/${three[0]!.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to comparison' }));
    expect(screen.getByRole('button', { name: 'Picked for comparison' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    leaveBuilding();
    renderApp(`/search?q=${encodeURIComponent(three[1]!.name!)}`);
    // The index has answered (the listing's own matches can show a moment before it does).
    await screen.findByText(/shown, best matches first/);
    const buildings = await screen.findByRole('table', { name: 'Buildings' });
    await userEvent.click(
      within(buildings).getAllByRole('checkbox', { name: `Compare ${three[1]!.name}` })[0]!,
    );
    expect(within(ui.comparisonBar()).getByRole('link', { name: 'Compare 2' })).toHaveAttribute(
      'href',
      paths.compare(idsOf(three.slice(0, 2))),
    );
  });
});

/**
 * The large portfolio's listing in pages, and its buildings' floor lists, each answered only once
 * `count` of them have been asked: a screen that asks them one after another never draws.
 */
function floorListsAnsweredOnceAllAsked(
  large: ReturnType<typeof generatePortfolio>,
  count: number,
) {
  const records = large.buildings.map((entry) => entry.record);
  let floorsAnswered = 0;
  let floorsStartedBeforeFirstAnswer = 0;
  return [
    http.get('*/api/Buildings', ({ request }) => {
      const url = new URL(request.url);
      const take = Number(url.searchParams.get('take'));
      const skip = Number(url.searchParams.get('skip'));
      return HttpResponse.json(records.slice(skip, skip + take) as never, {
        headers: { 'x-total-count': String(records.length) },
      });
    }),
    http.get('*/api/Buildings/:id/Floors', async ({ params }) => {
      if (floorsAnswered === 0) floorsStartedBeforeFirstAnswer++;
      const building = large.buildingById(String(params.id))!;
      await waitFor(() => expect(floorsStartedBeforeFirstAnswer).toBe(count));
      floorsAnswered++;
      return HttpResponse.json(large.floorsOf(building).map((floor) => floor.record) as never);
    }),
  ];
}

/**
 * What every screen reads once: the session and what is shared with the person, the sites, the
 * capabilities, the index's status (how old it is), the app bar's count of unacknowledged alarms,
 * and every building's data-quality score and energy intensity (one answer each from the index).
 */
const readOnceByEveryScreen = [
  '/auth/me',
  '/api/me',
  '/api/Sites',
  '/api/capabilities',
  '/api/index/status',
  '/api/alarms',
  '/api/index/quality/scores',
  '/api/index/energy/intensities',
];

describe('Request budget', () => {
  it('compares 6 of 10,000 buildings with the listing, the sites and one floor list each, in parallel, and no GraphQL', async () => {
    const large = generatePortfolio(resolvePortfolioOptions({ profile: 'large' }));
    const records = large.buildings.map((entry) => entry.record);
    const picked = [records[0]!, ...records.slice(500, 505)];
    const started: string[] = [];
    server.use(...floorListsAnsweredOnceAllAsked(large, 6));
    const count = ({ request }: { request: Request }) =>
      started.push(new URL(request.url).pathname);
    server.events.on('request:start', count);
    try {
      renderApp(paths.compare(idsOf(picked)));
      await ui.sideBySide();
      await waitFor(() =>
        expect(screen.getAllByRole('img', { name: /^[A-F], .+: \d+ floors?/ })).toHaveLength(6),
      );
    } finally {
      server.events.removeListener('request:start', count);
    }
    const floorCalls = started.filter((path) => path.endsWith('/Floors'));
    expect(floorCalls).toHaveLength(6);
    expect(started.filter((path) => path === '/api/Buildings')).toHaveLength(10); // 10,000 in pages of 1,000
    expect(graphqlRequests).toHaveLength(0);
    // Opening those six buildings would send the same listing and floor lists, plus a GraphQL
    // drill-down each: the comparison sends no more.
    const other = started.filter((path) => path !== '/api/Buildings' && !path.endsWith('/Floors'));
    // Beside them only what every screen reads once: the session and what is shared with the
    // person, the sites, the capabilities, the index's status (how old it is), the app bar's
    // count of unacknowledged alarms.
    expect(new Set(other).size, other.join(' ')).toBe(other.length);
    // and every building's data-quality score and energy intensity (one answer each from the
    // index), and the energy answer of each compared building (why it has no intensity).
    expect(
      other.every(
        (path) =>
          readOnceByEveryScreen.includes(path) ||
          picked.some((b) => path === `/api/index/energy/buildings/${b.id}`),
      ),
    ).toBe(true);
  }, 30_000);
});
