import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import {
  fixture,
  indexListsARemovedBuilding,
  indexSearches,
  indexBeforeFirstSync,
} from './support/scenarios';

const tower = fixture.buildings.reduce((tallest, entry) =>
  fixture.floorsOf(entry).length > fixture.floorsOf(tallest).length ? entry : tallest,
);
const floor = fixture.floorsOf(tower)[30]!;
const serverRoom = floor.spaces.find((space) => space.name?.startsWith('Server room'))!;

/** The GraphQL operations the dashboard sent, by name (from msw's own request events). */
const operations: string[] = [];
const record = async ({ request }: { request: Request }) => {
  if (!request.url.endsWith('/graphql')) return;
  const body = (await request.clone().json()) as { query: string };
  operations.push(/query\s+(\w+)/.exec(body.query)?.[1] ?? 'anonymous');
};
// The search's lazy chunk, compiled once for the file: a test run alone would otherwise compile
// it while the tower's 20,000 rooms render, and find the field late (test set-up, not Storey).
beforeAll(async () => {
  await Promise.all([
    import('@/features/search/components/global-search'),
    import('@/app/graphql-provider'),
  ]);
}, 60_000);
beforeEach(() => {
  operations.length = 0;
  server.events.on('request:start', record);
});
afterEach(() => server.events.removeListener('request:start', record));

const ui = {
  /** The combobox, as a person reaches it: it comes when the pointer is over the app bar's field. */
  box: async () => {
    // The field, before or after its chunk came (it is asked for once per page, not per test).
    const field = await screen.findByLabelText('Search Storey');
    if (!screen.queryByRole('combobox', { name: 'Search Storey' })) await userEvent.hover(field);
    return screen.findByRole('combobox', { name: 'Search Storey' });
  },
  listbox: () => screen.findByRole('listbox'),
};

describe('Global search', () => {
  it('says "Searching…" while results are on their way, so "All results" is not all there is', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The index answers once released (the handler falls through to the scenario's answer).
    server.use(
      http.get('*/api/index/search', async () => {
        await held;
      }),
    );
    renderApp('/sites');
    const box = await ui.box();
    await userEvent.click(box);
    await userEvent.keyboard(serverRoom.name!);
    // Announced to screen readers as it appears.
    expect(await screen.findByText('Searching…')).toHaveAttribute('role', 'status');
    release();
    // The results replace the line (the list re-renders as they come: look it up each time).
    await waitFor(() => {
      expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
      expect(
        within(screen.getByRole('listbox')).getByRole('option', {
          name: new RegExp(`^${serverRoom.name!.replace('.', '\\.')}`),
        }),
      ).toBeInTheDocument();
    });
  });

  it('never opens a result of an older query: ↓ Enter while the next answer is on its way', async () => {
    const { router } = renderApp('/sites');
    const box = await ui.box();
    await userEvent.click(box);
    await userEvent.keyboard('Harbour');
    const listbox = await ui.listbox();
    await within(listbox).findAllByRole('option', { name: /^Harbour View/ });
    // The next query's answer is held: what is listed is "Harbour"'s.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/index/search', async ({ request }) => {
        if (new URL(request.url).searchParams.get('q') !== 'Harbour') await held;
      }),
    );
    await userEvent.keyboard(' kitchen');
    await screen.findByText('Searching…');
    const older = within(screen.getByRole('listbox')).getAllByRole('option', {
      name: /^Harbour View/,
    });
    for (const option of older) expect(option).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=Harbour+kitchen');
    release();
  });

  it('is reached with "/" and finds a room in the tower by its name, with its path, by keyboard only', async () => {
    const { router } = renderApp('/sites');
    const box = await ui.box();
    await userEvent.keyboard('/');
    expect(box).toHaveFocus();
    await userEvent.keyboard(serverRoom.name!);
    const listbox = await ui.listbox();
    const option = await within(listbox).findByRole('option', {
      name: new RegExp(
        `${serverRoom.name!.replace('.', '\\.')}.*${tower.record.name}.*${floor.record.name}`,
      ),
    });
    expect(within(option).getByText(serverRoom.name!, { selector: 'mark' })).toBeInTheDocument();
    // Down to the option, Enter: the room opens.
    while (box.getAttribute('aria-activedescendant') !== option.id)
      await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: serverRoom.name! }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      `/buildings/${tower.record.id}/levels/${floor.record.id}/rooms/${serverRoom.id}`,
    );
  });

  it('groups results by kind and asks the index once per settled query, the platform never', async () => {
    renderApp('/sites');
    await userEvent.type(await ui.box(), 'kitchen', { delay: null });
    const listbox = await ui.listbox();
    expect(await within(listbox).findByText('Rooms')).toBeInTheDocument();
    await waitFor(() => expect(indexSearches).toEqual(['?q=kitchen&limit=25&offset=0']));
    expect(operations).toHaveLength(0);
    expect(
      within(listbox).getByRole('option', { name: /All results for “kitchen”/ }),
    ).toBeInTheDocument();
  });

  it('finds buildings, sites and organizations from the listings, accents and case aside', async () => {
    const building =
      fixture.buildings.find((entry) => /[À-ž]/.test(entry.record.name ?? ''))?.record ??
      fixture.buildings[0]!.record;
    const plain = building
      .name!.normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase();
    renderApp('/sites');
    await userEvent.type(await ui.box(), plain.slice(0, 6), { delay: null });
    const listbox = await ui.listbox();
    expect(await within(listbox).findByText('Buildings')).toBeInTheDocument();
    expect(
      within(listbox)
        .getAllByRole('option')
        .some((option) => option.textContent?.includes(building.name!)),
    ).toBe(true);
  });

  it('opens the full results page on Enter, with counts per kind', async () => {
    const { router } = renderApp('/sites');
    await userEvent.type(await ui.box(), 'storage{Enter}', { delay: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=storage');
    const counts = await screen.findByRole('status', { name: 'Matches per kind' });
    await waitFor(() => expect(counts).toHaveTextContent(/Rooms: [1-9]/));
    expect(screen.getByRole('table', { name: 'Rooms' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('finds a room by its building and its number together', async () => {
    renderApp('/sites');
    await userEvent.type(
      await ui.box(),
      `${tower.record.name!} ${serverRoom.name!.split(' ').pop()!}`,
      {
        delay: null,
      },
    );
    const listbox = await ui.listbox();
    expect(
      await within(listbox).findByRole('option', {
        name: new RegExp(
          `^${serverRoom.name!.replace('.', '\\.')}.*${tower.record.name!}.*${floor.record.name!}`,
        ),
      }),
    ).toBeInTheDocument();
  });

  it('tells two rooms of one name on a floor apart as the floor numbers them, and opens the one chosen', async () => {
    const level42 = fixture.floorsOf(tower).find((level) => level.record.name === 'Level 42')!;
    const meetings = level42.spaces
      .filter((space) => space.name === 'Meeting room')
      .map((space) => space.id)
      .sort();
    expect(meetings).toHaveLength(2);
    const { router } = renderApp('/sites');
    const box = await ui.box();
    await userEvent.type(box, `${tower.record.name!} Level 42 meeting`, { delay: null });
    const listbox = await ui.listbox();
    await within(listbox).findByRole('option', { name: /^Meeting room \(1 of 2\)/ });
    const second = within(listbox).getByRole('option', { name: /^Meeting room \(2 of 2\)/ });
    await userEvent.click(second);
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(new RegExp(`/rooms/${meetings[1]}$`)),
    );
  });

  it('says so in plain words when the platform no longer has a place the index listed', async () => {
    server.use(...indexListsARemovedBuilding());
    renderApp('/sites');
    await userEvent.type(await ui.box(), 'old depot', { delay: null });
    const option = await within(await ui.listbox()).findByRole('option', { name: /^Old Depot/ });
    await userEvent.click(option);
    expect(
      await screen.findByRole('heading', { name: 'Not found, or not shared with you' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/portfolio index listed it as of .*, but the platform no longer has it/),
    ).toBeInTheDocument();
  });

  it('pages through every match on the results page, beyond what one answer holds', async () => {
    renderApp('/search?q=room');
    const shown = await screen.findByText(/of [\d,]+ buildings, floors and rooms shown/);
    const total = Number(/of ([\d,]+) buildings/.exec(shown.textContent!)![1]!.replace(/,/g, ''));
    expect(total).toBeGreaterThan(500);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(indexSearches).toContain('?q=room&limit=200&offset=200'));
    expect(await screen.findByText(/^400 of/)).toBeInTheDocument();
  });

  it('before the index has read the portfolio, finds buildings from the listings, says floors and rooms come with it, and asks nobody else', async () => {
    server.use(...indexBeforeFirstSync());
    const building = fixture.buildings[1]!.record;
    renderApp('/sites');
    await userEvent.type(await ui.box(), building.name!, { delay: null });
    const listbox = await ui.listbox();
    // Every building of that name (the fixture has two), matched in the listings.
    const named = fixture.buildings.filter(({ record }) => record.name === building.name);
    expect(
      await within(listbox).findAllByRole('option', { name: new RegExp(`^${building.name!}`) }),
    ).toHaveLength(named.length);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Floors and rooms are found once Storey has indexed the portfolio',
    );
    // No second way to search floors and rooms: the platform is not asked.
    expect(operations).toEqual([]);
  });
});
