import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { indexStatusKeys } from '@/api/get-index-status';
import {
  fixtureQuality,
  indexFirstSync,
  indexNotYetSynced,
  indexRefreshes,
  indexSyncFailed,
} from './support/scenarios';

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** What a person sees of the portfolio index: how old it is, how far its first sync has come. */
function ui() {
  return {
    asOf: (iso: string) =>
      screen.findByText(new RegExp(`Portfolio index as of ${clock.format(new Date(iso))}`)),
    progress: () => screen.findByRole('progressbar', { name: 'Indexing the portfolio' }),
    syncNow: () => screen.queryByRole('button', { name: 'Sync now' }),
  };
}

describe('The portfolio index in the dashboard', () => {
  it('says how old the index is on every screen, and how that differs from the page', async () => {
    renderApp('/');
    expect(await ui().asOf('2026-11-24T09:05:00.000Z')).toHaveTextContent(
      /\(its last sync with the platform: totals, scores and search come from it\)$/,
    );
  });

  it('shows a progress bar with counts while the first sync runs', async () => {
    server.use(...indexFirstSync());
    renderApp('/');
    const bar = await ui().progress();
    // A tenth for the listings, the rest by rooms read: 600 of 1,389.
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(10 + (90 * 600) / 1389, 0);
    expect(
      screen.getByText(/Reading the rooms… 24 buildings, 171 floors, 600 of 1,389 rooms/),
    ).toBeInTheDocument();
  });

  it('shows what the index answers as soon as the first sync is served', async () => {
    server.use(...indexFirstSync(), ...indexNotYetSynced());
    const { queryClient } = renderApp('/quality');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The portfolio is still being indexed.',
    );
    // The sync finishes; the status is read again (every two seconds while a sync runs).
    server.resetHandlers();
    await queryClient.invalidateQueries({ queryKey: indexStatusKeys.all });
    const scores = [...fixtureQuality.scores.values()];
    const mean = Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
    expect(await screen.findByRole('region', { name: 'Quality figures' })).toHaveTextContent(
      `Portfolio score${mean} / 100`,
    );
  });

  it('lets an administrator start a sync', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await ui().asOf('2026-11-24T09:05:00.000Z');
    await user.click(ui().syncNow()!);
    expect(indexRefreshes).toHaveLength(1);
  });

  it('says why the last sync failed, and what the screens show instead, without a sync button', async () => {
    server.use(...indexSyncFailed());
    renderApp('/');
    expect(
      await screen.findByText(
        /The last sync of the portfolio index failed \(The platform did not give the list of buildings after 5 tries/,
      ),
    ).toBeInTheDocument();
    expect(ui().syncNow()).not.toBeInTheDocument();
  });

  it("keeps the portfolio on screen when the index's state cannot be read", async () => {
    server.use(
      http.get('*/api/index/status', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Broken.' },
          { status: 500, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    expect(screen.queryByText(/Portfolio index/)).not.toBeInTheDocument();
  });
});
