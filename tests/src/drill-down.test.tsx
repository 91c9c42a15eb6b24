import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { duplicateBuildingName, specialBuildings } from '../../server/emulator/portfolio';
import { humanizeKey } from '@/features/places/utils/room-details';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import { leaveBelowTheFoldUnreached } from './support/hand-moved-observer';
import { rowsOf } from './support/queries';
import {
  everythingPending,
  fixture,
  fixtureBuildings,
  floorsFail,
  graphqlFails,
  graphqlPartial,
  graphqlRequests,
  indexBuildingNotReady,
  reorderedPlatform,
  spacesFail,
  spacesHeld,
  specOnlyPlatform,
} from './support/scenarios';

/** The floor page's live room count (the History panel below has a loading status of its own). */
const roomCount = () => screen.getByRole('status', { name: '' });

const harbour = fixtureBuildings[specialBuildings.duplicateNameA]!;
const harbourTwin = fixtureBuildings[specialBuildings.duplicateNameB]!;

describe('Building screen', () => {
  it('shows a loading skeleton first', async () => {
    server.use(...everythingPending());
    renderApp(`/buildings/${harbour.id}`);
    expect(await screen.findByRole('status', { name: 'Loading the building' })).toBeInTheDocument();
  });

  it('shows fields, metadata, breadcrumbs and the levels of this building, not its namesake', async () => {
    renderApp(`/buildings/${harbour.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: duplicateBuildingName }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/');
    expect(
      within(crumbs).getByRole('link', { name: /Park|Campus|Quarter|Centre/ }),
    ).toHaveAttribute('href', `/?site=${harbour.siteId}`);
    const details = screen.getByRole('table', { name: 'Building details' });
    expect(within(details).getByText(harbour.referenceId!)).toBeInTheDocument();
    const floors = await screen.findByRole('list', { name: 'Floors' });
    expect(within(floors).getAllByRole('link')).toHaveLength(harbour.floorCount);
    expect(harbourTwin.floorCount).not.toBe(harbour.floorCount);
    // A stacking plan: the top floor first.
    const names = within(floors)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names.at(-1)).toBe('Level 0');
    // Each floor's rooms counted in words that fit the number: "1 room", "5 rooms".
    const counts = within(floors)
      .getAllByText(/^\d[\d,]* rooms?$/)
      .map((cell) => cell.textContent);
    expect(counts).toHaveLength(harbour.floorCount);
    expect(counts.every((text) => (text === '1 room') === text!.startsWith('1 '))).toBe(true);
  });

  it('says "not included" for counts the platform did not include', async () => {
    const building = fixtureBuildings[specialBuildings.countsNotIncluded]!;
    renderApp(`/buildings/${building.id}`);
    const details = await screen.findByRole('table', { name: 'Building details' });
    expect(within(details).getAllByText('not included')).toHaveLength(2);
  });

  it('shows a not-found page for an unknown id', async () => {
    renderApp('/buildings/does-not-exist');
    expect(
      await screen.findByRole('heading', { name: 'Not found, or not shared with you' }),
    ).toBeInTheDocument();
  });

  it('explains a building with no floors and no levels', async () => {
    renderApp(`/buildings/${fixtureBuildings[specialBuildings.noFloors]!.id}`);
    expect(
      await screen.findByText('This building has no floors on the platform'),
    ).toBeInTheDocument();
  });

  it('shows floor errors with Retry while the rest of the page works', async () => {
    server.use(...floorsFail(502));
    renderApp(`/buildings/${harbour.id}`);
    expect(await screen.findByText(/Floor areas could not be loaded/)).toHaveTextContent(
      'Floors failed (502).',
    );
    // The drill-down still gives every floor, and each opens.
    const floors = await screen.findByRole('list', { name: 'Floors' });
    expect(within(floors).getAllByRole('link')).toHaveLength(harbour.floorCount);
  });

  it('shows GraphQL failures with Retry', async () => {
    server.use(...graphqlFails(504));
    renderApp(`/buildings/${harbour.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The platform did not answer in time.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows partial GraphQL data with a warning', async () => {
    server.use(...graphqlPartial());
    renderApp(`/buildings/${harbour.id}`);
    expect(await screen.findByText(/The platform answered only in part/)).toBeInTheDocument();
    const floors = await screen.findByRole('list', { name: 'Floors' });
    expect(within(floors).getAllByRole('link', { name: /^Level \d+$/ })).toHaveLength(
      harbour.floorCount,
    );
    // Exactly the level whose rooms failed (the second) is marked, and nothing reads as a count.
    const marked = within(floors)
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByText('rooms unavailable'));
    expect(marked.map((item) => within(item).getByRole('link').textContent)).toEqual(['Level 1']);
    expect(screen.getByText(/1 level is marked "rooms unavailable" below/)).toBeInTheDocument();
  });

  it('shows "Unnamed" for a floor without a name', async () => {
    renderApp(`/buildings/${fixtureBuildings[specialBuildings.nullFloorName]!.id}`);
    const floors = await screen.findByRole('list', { name: 'Floors' });
    expect(within(floors).getByRole('link', { name: 'Unnamed' })).toBeInTheDocument();
  });
});

describe('A shared link to a building, a floor or a room', () => {
  const listingsAsked = () => {
    const asked: string[] = [];
    const count = ({ request }: { request: Request }) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/Buildings' || pathname === '/api/Sites') asked.push(pathname);
    };
    server.events.on('request:start', count);
    return { asked, stop: () => server.events.removeListener('request:start', count) };
  };

  it("loads only the page's own building from the index, never the portfolio's listings", async () => {
    const listings = listingsAsked();
    try {
      const site = fixture.sites.find((candidate) => candidate.id === harbour.siteId)!;
      for (const path of [
        `/buildings/${harbour.id}`,
        `/buildings/${harbour.id}/levels/0`,
        `/buildings/${harbour.id}/levels/0/rooms/1`,
      ]) {
        const { unmount } = renderApp(path);
        const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
        expect(within(crumbs).getByText(duplicateBuildingName)).toBeVisible();
        expect(within(crumbs).getByText(site.name!)).toBeVisible();
        unmount();
      }
      expect(listings.asked).toEqual([]);
    } finally {
      listings.stop();
    }
  });

  it('reads the listing instead while the index cannot answer', async () => {
    server.use(indexBuildingNotReady());
    const listings = listingsAsked();
    try {
      renderApp(`/buildings/${harbour.id}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: duplicateBuildingName }),
      ).toBeVisible();
      expect([...new Set(listings.asked)].sort()).toEqual(['/api/Buildings', '/api/Sites']);
    } finally {
      listings.stop();
    }
  });
});

describe('Moving from building to level to room', () => {
  // The journey reads each page at its top: the charts below stay unreached, as on a phone.
  leaveBelowTheFoldUnreached();

  /** Counts the REST calls for a floor's rooms from now on. */
  const countRoomCalls = () => {
    const calls: string[] = [];
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/Spaces')) calls.push(request.url);
    };
    server.events.on('request:start', count);
    return { calls, stop: () => server.events.removeListener('request:start', count) };
  };

  it("opens a level from its building with one GraphQL request and one REST call for the floor's rooms", async () => {
    const roomCalls = countRoomCalls();
    renderApp(`/buildings/${harbour.id}`);
    const floors = await screen.findByRole('list', { name: 'Floors' });
    await userEvent.click(within(floors).getByRole('link', { name: 'Level 0' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Level 0' })).toBeInTheDocument();
    const floor = fixture.floorsOf(fixture.buildings[specialBuildings.duplicateNameA]!)[0]!;
    expect(roomCount()).toHaveTextContent(`${floor.spaces.length} rooms`);
    // The rooms' details from REST: type and area in the table.
    const table = screen.getByRole('table', { name: 'Rooms' });
    await waitFor(() =>
      expect(
        within(table).getAllByText(humanizeKey(floor.spaces[0]!.ontologyType)).length,
      ).toBeGreaterThan(0),
    );
    expect(graphqlRequests).toHaveLength(1);
    expect(roomCalls.calls).toHaveLength(1);
    roomCalls.stop();
  });

  it('moves from a level to a room, the next room and back without asking again, telling duplicate rooms apart', async () => {
    renderApp(`/buildings/${harbour.id}`);
    const floors = await screen.findByRole('list', { name: 'Floors' });
    await userEvent.click(within(floors).getByRole('link', { name: 'Level 0' }));
    const table = await screen.findByRole('table', { name: 'Rooms' });
    const room = await within(table).findByRole('link', { name: 'Meeting room (2 of 2)' });
    const graphqlBefore = graphqlRequests.length;
    const roomCalls = countRoomCalls();
    await userEvent.click(room);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Meeting room/ }),
    ).toHaveTextContent('Meeting room (2 of 2)');
    const facts = await screen.findByRole('table', { name: 'Room details' });
    expect(within(facts).getByRole('rowheader', { name: 'Type' })).toBeInTheDocument();
    // Next room, previous room: moving along the floor sends nothing.
    await userEvent.click(screen.getByRole('link', { name: /^Next room/ }));
    expect(await screen.findByRole('table', { name: 'Room details' })).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', {
        name: 'Level 0',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Level 0' })).toBeInTheDocument();
    expect(graphqlRequests).toHaveLength(graphqlBefore);
    expect(roomCalls.calls).toEqual([]);
    roomCalls.stop();
  });
});

describe('Level and room screens', () => {
  it("starts a floor's rooms at the intent to open it, its conditions at the click, each asked once", async () => {
    const roomRequests: string[] = [];
    const conditionRequests: string[] = [];
    const count = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/Spaces')) roomRequests.push(request.url);
      if (/^\/api\/Floors\/[^/]+\/(MeasurementValues|Devices)$/.test(path))
        conditionRequests.push(path);
    };
    server.events.on('request:start', count);
    renderApp(`/buildings/${harbour.id}`);
    const floors = await screen.findByRole('list', { name: 'Floors' });
    const level0 = within(floors).getByRole('link', { name: 'Level 0' });
    const floor = fixture.floorsOf(fixture.buildings[specialBuildings.duplicateNameA]!)[0]!;
    // Reaching the link by keyboard is the intent: its rooms are asked for before any click.
    level0.focus();
    await waitFor(() => expect(roomRequests).toHaveLength(1));
    expect(roomRequests[0]).toContain(`/api/Floors/${floor.record.id}/Spaces`);
    // Its conditions cost the platform a call per place: asked at the click, not on the intent.
    expect(conditionRequests).toEqual([]);
    await userEvent.click(level0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Level 0' })).toBeInTheDocument();
    expect(roomCount()).toHaveTextContent(`${floor.spaces.length} rooms`);
    expect(roomRequests).toHaveLength(1);
    await waitFor(() =>
      expect([...conditionRequests].sort()).toEqual([
        `/api/Floors/${floor.record.id}/Devices`,
        `/api/Floors/${floor.record.id}/MeasurementValues`,
      ]),
    );
    server.events.removeListener('request:start', count);
  });

  it('shows a loading state for a floor and for a room while the platform answers', async () => {
    server.use(...everythingPending());
    renderApp(`/buildings/${harbour.id}/levels/0`);
    expect(await screen.findByRole('status', { name: 'Loading the floor' })).toBeInTheDocument();
  });

  it('shows rooms without details, and why, when the floor details fail', async () => {
    server.use(...spacesFail(503));
    renderApp(`/buildings/${harbour.id}/levels/0`);
    expect(
      await screen.findByText(/Room details \(type, area, status\) could not be loaded/),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Rooms' })).toBeInTheDocument();
  });

  it('says once, plainly, when the platform has no details for a room', async () => {
    server.use(...spacesFail(404));
    renderApp(`/buildings/${harbour.id}/levels/0/rooms/0`);
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
  });

  it('sorts the rooms by area and keeps the order in the URL', async () => {
    const { router } = renderApp(`/buildings/${harbour.id}/levels/0`);
    const table = await screen.findByRole('table', { name: 'Rooms' });
    await userEvent.click(within(table).getByRole('button', { name: /Area/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=area'));
    const floor = fixture.floorsOf(fixture.buildings[specialBuildings.duplicateNameA]!)[0]!;
    const smallest = [...floor.spaces].sort((a, b) => a.area - b.area)[0]!;
    await waitFor(() => expect(rowsOf(table)[1]).toHaveTextContent(smallest.name!));
    // Areas as the record gives them, to a tenth of a square metre (13.7 never reads as 14).
    const areaCell = within(rowsOf(table)[1]!).getAllByRole('cell')[2]!;
    expect(areaCell).toHaveTextContent(
      new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(smallest.area),
    );
  });

  it('lists a floor sorted by area only once the order is known: no row moves under a tap', async () => {
    const held = spacesHeld();
    server.use(...held.handlers);
    renderApp(`/buildings/${harbour.id}/levels/0?sort=area`);
    const table = await screen.findByRole('table', { name: 'Rooms' });
    const floor = fixture.floorsOf(fixture.buildings[specialBuildings.duplicateNameA]!)[0]!;
    // Before the details: placeholders, nothing to tap, and why.
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).queryAllByRole('link')).toEqual([]);
    expect(roomCount()).toHaveTextContent(
      `${floor.spaces.length} rooms · listed by area once their details arrive…`,
    );
    held.release();
    await waitFor(() =>
      expect(within(table).getAllByRole('link')).toHaveLength(floor.spaces.length),
    );
    expect(table).toHaveAttribute('aria-busy', 'false');
    const smallest = [...floor.spaces].sort((a, b) => a.area - b.area)[0]!;
    expect(rowsOf(table)[1]).toHaveTextContent(smallest.name!);
  });

  it('charts room area by type and links to the floors above and below', async () => {
    renderApp(`/buildings/${harbour.id}/levels/0`);
    expect(await screen.findByRole('figure', { name: 'Room area by type' })).toBeInTheDocument();
    const other = screen.getByRole('navigation', { name: 'Other floors' });
    expect(within(other).getByRole('link', { name: /Floor above: Level 1/ })).toBeInTheDocument();
    expect(within(other).queryByRole('link', { name: /Floor below/ })).toBeNull();
  });

  it('searches the rooms of a level and counts them', async () => {
    renderApp(`/buildings/${harbour.id}/levels/0`);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search rooms' }), 'meeting');
    await waitFor(() => expect(roomCount()).toHaveTextContent(/^\d+ of \d+ rooms/));
    // A room matches by its name or its type.
    const rows = rowsOf(screen.getByRole('table', { name: 'Rooms' })).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toHaveTextContent(/meeting/i);
  });

  it('shows not-found pages for an unknown level or room', async () => {
    renderApp(`/buildings/${harbour.id}/levels/99`);
    expect(await screen.findByRole('heading', { name: 'Floor not found' })).toBeInTheDocument();
  });

  it('shows not-found for an unknown room', async () => {
    renderApp(`/buildings/${harbour.id}/levels/0/rooms/999`);
    expect(await screen.findByRole('heading', { name: 'Room not found' })).toBeInTheDocument();
  });

  it('explains an empty level', async () => {
    const entry = fixture.buildings.find((candidate) =>
      fixture.floorsOf(candidate).some((floor) => floor.spaces.length === 0),
    )!;
    const index = fixture.floorsOf(entry).findIndex((floor) => floor.spaces.length === 0);
    renderApp(`/buildings/${entry.record.id}/levels/${index}`);
    expect(await screen.findByText('This floor has no rooms')).toBeInTheDocument();
  });
});

describe('Unknown pages', () => {
  it('shows a not-found page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('Stable links to floors and rooms', () => {
  const entry = fixture.buildings[specialBuildings.duplicateNameA]!;
  const floor = fixture.floorsOf(entry)[0]!;
  const room = floor.spaces[1]!;

  it('moves an old link by position to the link by id, showing the same room', async () => {
    const { router } = renderApp(`/buildings/${entry.record.id}/levels/0/rooms/1`);
    expect(
      await screen.findByRole('heading', { level: 1, name: new RegExp(room.name!) }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/buildings/${entry.record.id}/levels/${floor.record.id}/rooms/${room.id}`,
      ),
    );
  });

  it('keeps a bookmark by id on its room when the platform reorders levels and rooms', async () => {
    server.use(...reorderedPlatform());
    renderApp(`/buildings/${entry.record.id}/levels/${floor.record.id}/rooms/${room.id}`);
    const heading = await screen.findByRole('heading', { level: 1, name: new RegExp(room.name!) });
    expect(heading).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', {
        name: floor.record.name!,
      }),
    ).toBeInTheDocument();
    const details = await screen.findByRole('table', { name: 'Room details' });
    expect(within(details).getByText(humanizeKey(room.ontologyType))).toBeInTheDocument();
  });

  it('links by position on a platform that gives levels and rooms no ids', async () => {
    server.use(...specOnlyPlatform());
    const { router } = renderApp(`/buildings/${entry.record.id}/levels/0`);
    expect(
      await screen.findByRole('heading', { level: 1, name: floor.record.name! }),
    ).toBeInTheDocument();
    // The second room of the floor: its name is shared, so it carries "(2 of 2)".
    const link = within(screen.getByRole('table', { name: 'Rooms' })).getByRole('link', {
      name: `${room.name!} (2 of 2)`,
    });
    expect(link).toHaveAttribute('href', `/buildings/${entry.record.id}/levels/0/rooms/1`);
    await userEvent.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: new RegExp(room.name!) }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/buildings/${entry.record.id}/levels/0/rooms/1`);
  });
});
