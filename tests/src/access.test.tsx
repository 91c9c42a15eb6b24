import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  accessAdministrator,
  nothingShared,
  notSharedAnswer,
  providerMe,
  serviceProvider,
} from './support/access-scenarios';
import { server } from './support/msw-server';
import { holding } from './support/queries';
import { renderApp } from './support/render-app';
import { fixture, signedOut } from './support/scenarios';

const ui = {
  banner: () => screen.findByRole('banner'),
  scopeLink: async () => within(await ui.banner()).findByRole('link', { name: /^What I can see/ }),
  notShared: () => screen.findByRole('heading', { name: 'Not found, or not shared with you' }),
  section: (name: string) => screen.findByRole('region', { name }),
};

describe('What a person sees of the portfolio', () => {
  it('says in the app bar what is shared, and lists the grants and groups behind it', async () => {
    server.use(...serviceProvider());
    renderApp('/');
    const link = await ui.scopeLink();
    const { counts } = providerMe;
    expect(link).toHaveTextContent(`2 organisations · ${counts!.buildings} buildings`);
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'What I can see' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Shared with you' });
    for (const organization of providerMe.organizations) {
      const row = holding(table, 'link', organization.name!);
      expect(row).toHaveTextContent('Organisation');
      expect(row).toHaveTextContent('Viewer');
      expect(row).toHaveTextContent('fm-provider');
    }
    expect(screen.getByText('fm-provider', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'access@storey.example' })).toHaveAttribute(
      'href',
      'mailto:access@storey.example',
    );
  });

  it('says nothing about scopes where they are off', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Portfolio' })).toBeInTheDocument();
    expect(
      within(await ui.banner()).queryByRole('link', { name: /^What I can see/ }),
    ).not.toBeInTheDocument();
  });

  it('gives a person with no grant whom to ask, not an error or an empty portfolio', async () => {
    server.use(...nothingShared());
    renderApp('/');
    expect(await screen.findByText('Nothing is shared with you yet')).toBeInTheDocument();
    expect(screen.getByText(/Your sign-in carried no groups/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'access@storey.example' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await ui.scopeLink()).toHaveTextContent('Nothing shared with you');
  });

  it('shows one page for a building that is unknown or not shared', async () => {
    server.use(...serviceProvider());
    renderApp('/buildings/not-a-building-of-pats');
    expect(await ui.notShared()).toBeInTheDocument();
    expect(screen.getByText(/Check the link, or ask whoever manages access/)).toBeInTheDocument();
  });

  it('shows the same page when the server answers a drill-down as not shared', async () => {
    server.use(http.post('*/graphql', () => notSharedAnswer()));
    const building = fixture.buildings[0]!.record;
    renderApp(`/buildings/${building.id}/levels/1`);
    expect(await ui.notShared()).toBeInTheDocument();
  });

  it.each([
    ['too-many-groups', 'too many groups'],
    ['not-allowed', 'not one of those allowed'],
  ])('says why a sign-in was refused (%s)', async (reason, words) => {
    server.use(...signedOut());
    renderApp(`/sites?signInRefused=${reason}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(words));
    // Signing in again comes back to the page, without the refusal.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/auth/login?returnTo=${encodeURIComponent('/sites')}`,
    );
  });

  it('ignores a refusal it does not know', async () => {
    server.use(...signedOut());
    renderApp('/?signInRefused=<script>');
    expect(await screen.findByRole('heading', { name: 'Sign in to Storey' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('The Access page', () => {
  it('is reached from the app bar by administrators only', async () => {
    const admin = accessAdministrator();
    server.use(...admin.handlers);
    renderApp('/');
    const nav = within(await ui.banner()).getByRole('navigation', { name: 'Main' });
    await userEvent.click(await within(nav).findByRole('link', { name: 'Access' }));
    expect(await screen.findByRole('heading', { name: 'Access', level: 1 })).toBeInTheDocument();
  });

  it('is not offered to others', async () => {
    server.use(...serviceProvider());
    renderApp('/');
    await ui.scopeLink();
    const nav = within(await ui.banner()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Access' })).not.toBeInTheDocument();
  });

  it('lists the grants with where each comes from, adds one and removes one', async () => {
    const admin = accessAdministrator();
    server.use(...admin.handlers);
    renderApp('/access');
    const grants = await screen.findByRole('table', { name: 'Grants' });
    const fileRow = holding(grants, 'cell', 'storey-admins');
    expect(fileRow).toHaveTextContent('Everything');
    expect(fileRow).toHaveTextContent('file');
    expect(within(fileRow).queryByRole('button')).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a grant' });
    await userEvent.type(within(form).getByLabelText('Group'), 'regional-north');
    await userEvent.selectOptions(within(form).getByLabelText('On'), 'site');
    await userEvent.type(within(form).getByLabelText('Its id'), '100020');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'operator');
    await userEvent.click(within(form).getByRole('button', { name: 'Add grant' }));
    await waitFor(() =>
      expect(admin.added).toEqual([
        { group: 'regional-north', kind: 'site', id: '100020', role: 'operator' },
      ]),
    );
    await within(grants).findByRole('cell', { name: 'regional-north' });
    const added = holding(grants, 'cell', 'regional-north');
    expect(added).toHaveTextContent('Site with id 100020');
    expect(added).toHaveTextContent('Operator');
    expect(added).toHaveTextContent('this page');

    await userEvent.click(
      within(grants).getByRole('button', { name: /Remove the grant of tenant-skyline/ }),
    );
    await waitFor(() =>
      expect(within(grants).queryByText('tenant-skyline')).not.toBeInTheDocument(),
    );
    const audit = await screen.findByRole('table', { name: 'Audit' });
    expect(await within(audit).findByText('removed grant')).toBeInTheDocument();
    expect(within(audit).getByText('added grant')).toBeInTheDocument();
  });

  it('explains what one person can see, and ends their sessions', async () => {
    const admin = accessAdministrator();
    server.use(...admin.handlers);
    renderApp('/access');
    const section = await ui.section('What can a person see?');
    await userEvent.selectOptions(within(section).getByLabelText('Person'), 'demo-pat');
    expect(await within(section).findByText(/They see/)).toHaveTextContent(
      `They see 2 organisations · ${providerMe.counts!.buildings} buildings`,
    );
    expect(within(section).getByRole('table', { name: 'Shared with them' })).toBeInTheDocument();
    await userEvent.click(
      within(section).getByRole('button', { name: 'End Pat Provider’s sessions' }),
    );
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Pat Provider is signed out everywhere',
    );
    expect(admin.endedSessionsOf).toEqual(['demo-pat']);
  });

  it('tells who can see a building, and through which grant', async () => {
    const admin = accessAdministrator();
    server.use(...admin.handlers);
    renderApp('/access');
    const section = await ui.section('Who can see a building?');
    await userEvent.type(within(section).getByLabelText('Building id'), admin.building.id);
    await userEvent.click(within(section).getByRole('button', { name: 'Check' }));
    const people = await within(section).findByRole('list', {
      name: 'People who can see the building',
    });
    expect(people).toHaveTextContent('Tom Tenant');
    expect(people).toHaveTextContent('through tenant-skyline');
    expect(
      within(section).getByRole('list', { name: 'Grants that cover the building' }),
    ).toHaveTextContent('storey-admins: Administrator');
  });

  it('refuses anyone but an administrator in words', async () => {
    server.use(...serviceProvider());
    server.use(
      http.get('*/api/admin/access*', () =>
        Response.json(
          {
            status: 403,
            title: 'Forbidden',
            detail: 'Only an administrator.',
            reason: 'not-admin',
          },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/access');
    expect(
      await screen.findByRole('heading', { name: 'Access is for administrators' }),
    ).toBeInTheDocument();
  });
});
