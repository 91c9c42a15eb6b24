import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Building, Site } from '@/api/platform-schemas';
import { checkPortfolio } from '@/lib/quality-rules';
import { plantedProblemAt } from '../../server/emulator/portfolio';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { buildingsFail, everythingPending, fixture, fixtureBuildings } from './support/scenarios';

const ui = {
  issues: () => screen.findByRole('table', { name: 'Issues' }),
  rule: () => screen.getByRole('combobox', { name: 'Rule' }),
  checkButton: () => screen.getByRole('button', { name: /^Check floors and rooms of/ }),
};

describe('Data quality screen', () => {
  it('shows a loading state first', async () => {
    server.use(...everythingPending());
    renderApp('/quality');
    expect(
      await screen.findByRole('status', { name: 'Checking the portfolio' }),
    ).toBeInTheDocument();
  });

  it('shows the problem with Retry when the buildings cannot be loaded', async () => {
    server.use(...buildingsFail(503));
    renderApp('/quality');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('scores the portfolio and lists every issue the listings show', async () => {
    renderApp('/quality');
    const table = await ui.issues();
    const expected = checkPortfolio({
      buildings: fixtureBuildings as unknown as Building[],
      sites: fixture.sites as unknown as Site[],
    });
    expect(within(table).getAllByRole('row')).toHaveLength(expected.length + 1);
    expect(screen.getByRole('region', { name: 'Quality figures' })).toHaveTextContent(
      /Portfolio score\d+ \/ 100/,
    );
    // The emulator's empty shell: a building without floors.
    expect(within(table).getAllByText('Annex (empty shell)').length).toBeGreaterThan(0);
  });

  it('filters by rule through the URL, explaining the rule', async () => {
    const { router } = renderApp('/quality');
    await ui.issues();
    await userEvent.selectOptions(ui.rule(), 'name-missing');
    await waitFor(() => expect(router.state.location.search).toBe('?rule=name-missing'));
    const rows = within(await ui.issues())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(
      fixture.buildings.filter((entry) => plantedProblemAt(entry.index) === 'blankName').length,
    );
    expect(screen.getByText(/people cannot find it/)).toBeInTheDocument();
  });

  it('says so when a filter leaves no issue', async () => {
    renderApp('/quality?rule=floor-without-rooms');
    expect(await screen.findByText('No issues here')).toBeInTheDocument();
  });

  it('checks floors and rooms in the background with progress, and finds what only they show', async () => {
    renderApp('/quality');
    await ui.issues();
    expect(screen.getByRole('region', { name: 'Floor and room checks' })).toHaveTextContent(
      `0 of ${fixtureBuildings.length} buildings in the whole portfolio are checked`,
    );
    await userEvent.click(ui.checkButton());
    expect(
      await screen.findByRole('progressbar', {
        name: new RegExp(`^Checked \\d+ of ${fixtureBuildings.length} buildings$`),
      }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(`Checked ${fixtureBuildings.length} of ${fixtureBuildings.length}.`),
    ).toBeInTheDocument();
    const mismatch = fixture.buildings.find(
      (entry) => plantedProblemAt(entry.index) === 'floorCountOff',
    )!;
    await userEvent.selectOptions(ui.rule(), 'floor-count-mismatch');
    const rows = within(await ui.issues())
      .getAllByRole('row')
      .slice(1);
    expect(rows.some((row) => row.textContent?.includes(mismatch.record.name!))).toBe(true);
  });

  it('waits as long as Retry-After says when the platform is busy, then checks the building', async () => {
    let refused = 0;
    server.use(
      http.get('*/api/Buildings/:buildingId/Floors', () => {
        if (refused >= 2) return undefined;
        refused += 1;
        return HttpResponse.json(
          { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Slow down.' },
          {
            status: 429,
            headers: { 'content-type': 'application/problem+json', 'retry-after': '0' },
          },
        );
      }),
    );
    renderApp('/quality');
    await ui.issues();
    await userEvent.click(ui.checkButton());
    expect(
      await screen.findByText(`Checked ${fixtureBuildings.length} of ${fixtureBuildings.length}.`),
    ).toBeInTheDocument();
    expect(refused).toBe(2);
  });
});

describe('Data quality on the other screens', () => {
  it('filters the portfolio to buildings with errors or warnings, through the URL', async () => {
    const { router } = renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Data quality' }), 'any');
    await waitFor(() => expect(router.state.location.search).toBe('?issues=any'));
    const expected = new Set(
      checkPortfolio({ buildings: fixtureBuildings as unknown as Building[] })
        .filter((finding) => finding.severity !== 'info')
        .map((finding) => finding.buildingId),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(expected.size + 1));
  });

  it("shows a building's issues and score on its page", async () => {
    const shell = fixture.buildings[5]!.record;
    renderApp(`/buildings/${shell.id}`);
    const panel = await screen.findByRole('region', { name: 'Data quality' });
    expect(panel).toHaveTextContent(/score \d+ \/ 100/);
    expect(within(panel).getByRole('link', { name: /Device|Devices/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/quality\?rule=/),
    );
  });
});
