import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { anonymousAccess, fixture, sessionEndsMidway, signedOut } from './support/scenarios';

describe('Sign-in in the dashboard', () => {
  it('asks a signed-out person to sign in, and comes back to the page they asked for', async () => {
    server.use(...signedOut());
    renderApp('/buildings/abc/levels/2?x=1');
    expect(await screen.findByRole('heading', { name: 'Sign in to Storey' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth/login?returnTo=${encodeURIComponent('/buildings/abc/levels/2?x=1')}`,
    );
    expect(screen.queryByRole('button', { name: /^Signed in as/ })).not.toBeInTheDocument();
  });

  it('says clearly when the session has expired', async () => {
    server.use(...signedOut('session-expired'));
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Your session has expired' }),
    ).toBeInTheDocument();
  });

  it('shows the signed-in person in the app bar, opening a sign-out', async () => {
    renderApp('/');
    const banner = await screen.findByRole('banner');
    const account = await within(banner).findByRole('button', { name: 'Signed in as Dana Demo' });
    expect(account).toHaveTextContent('Dana Demo');
    await userEvent.click(account);
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows no user or sign-out when sign-in is off', async () => {
    server.use(...anonymousAccess());
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Signed in as/ })).not.toBeInTheDocument();
  });

  it('switches to the expired-session screen when the API says the session ended', async () => {
    server.use(...sessionEndsMidway());
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Your session has expired' }),
    ).toBeInTheDocument();
  });

  it('switches to the expired-session screen when a drill-down (GraphQL) learns the session ended', async () => {
    server.use(...sessionEndsMidway('graphql'));
    renderApp(`/buildings/${fixture.buildings[0]!.record.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Your session has expired' }),
    ).toBeInTheDocument();
  });

  it('switches to the expired-session screen when a CSV export learns the session ended', async () => {
    renderApp('/attention');
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    // The list was read; the session ends before the export's own reads, outside every query.
    server.use(...sessionEndsMidway({ get: '*/api/index/attention' }));
    await userEvent.click(exportButton);
    expect(
      await screen.findByRole('heading', { name: 'Your session has expired' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['refused by the rate limit', 429],
    ['failing at the server', 500],
    ['refused while the session store is down', 503],
  ])('says the person is still signed in when sign-out is %s', async (_case, status) => {
    server.use(
      http.post('*/auth/logout', () =>
        HttpResponse.json(
          { type: 'about:blank', status, title: 'Refused', detail: 'No.' },
          { status, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/');
    const banner = await screen.findByRole('banner');
    await userEvent.click(
      await within(banner).findByRole('button', { name: 'Signed in as Dana Demo' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-out did not go through: you are still signed in.',
    );
    // Nothing pretends it worked: the person is still shown signed in and can try again.
    await userEvent.click(within(banner).getByRole('button', { name: 'Signed in as Dana Demo' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeEnabled();
  });
});
