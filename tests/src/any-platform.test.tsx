/**
 * The main journeys on platforms that are not Storey's own (server/emulator/variants.ts): one that
 * sends only what the specification shows, one that sends valid JSON of unexpected shapes. Each
 * screen shows its data, or says in words what the platform did not provide; none fails whole.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { leaveBelowTheFoldUnreached } from './support/hand-moved-observer';
import { paths } from '@/config/paths';
import { server } from './support/msw-server';
import { linksOf } from './support/queries';
import { renderApp } from './support/render-app';
import { fixture, fixtureBuildings, platformVariant } from './support/scenarios';

const ui = {
  buildings: () => screen.findByRole('table', { name: /buildings/i }),
  figures: () => screen.findByRole('region', { name: 'Headline figures' }),
  heading: (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }),
  floors: () => screen.findByRole('list', { name: 'Floors' }),
  rooms: () => screen.findByRole('table', { name: 'Rooms' }),
};

/** A building with floors and rooms, and the level (counted from the lowest) of one with rooms. */
const withRooms = fixture.buildings.find((entry) =>
  fixture.floorsOf(entry).some((floor) => floor.spaces.length > 1),
)!;
const floorWithRooms = fixture.floorsOf(withRooms).findIndex((floor) => floor.spaces.length > 1);

describe.each(['lean', 'hostile'] as const)('on a %s platform', (variant) => {
  it('lists every building it can read in the portfolio, unknown figures as unknown', async () => {
    server.use(...platformVariant(variant));
    renderApp('/');
    const table = await ui.buildings();
    const figures = await ui.figures();
    expect(within(figures).getByText(String(fixtureBuildings.length))).toBeInTheDocument();
    if (variant === 'lean') {
      // The lean platform gives an area for one building in three: never summed as 0 (and an
      // area of 0 is none either).
      const withArea = fixtureBuildings.filter(
        (building, index) => index % 3 === 2 && (building.area ?? 0) > 0,
      ).length;
      expect(figures).toHaveTextContent(`over ${withArea} of ${fixtureBuildings.length} buildings`);
      expect(within(table).getAllByText('unknown').length).toBeGreaterThan(0);
    } else {
      // Its NUL and tab are gone from the name; the index says what it could not keep.
      expect(await within(table).findByText('TowerA North')).toBeInTheDocument();
      expect(
        await screen.findByText(
          /^3 sites could not be read: no usable id \(2\), an id given twice \(1\)\./,
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          /^4 buildings could not be read: not a record \(1\), no usable id \(2\), an id given twice \(1\)\./,
        ),
      ).toBeInTheDocument();
    }
  });

  describe('drilling down, as on a phone: what is below the first screen waits until near', () => {
    // The charts and histories below the fold are not what these journeys are about (they have
    // their own tests); left unreached, as a person tapping straight on does, they are not drawn.
    leaveBelowTheFoldUnreached();

    it('opens a floor from the building by a click', async () => {
      server.use(...platformVariant(variant));
      renderApp(paths.building(withRooms.record.id));
      const [lowest] = linksOf(await ui.floors()).slice(-1);
      await userEvent.click(lowest!);
      expect(await ui.rooms()).toBeInTheDocument();
    });

    it('opens a room from the floor by a click', async () => {
      server.use(...platformVariant(variant));
      renderApp(paths.level(withRooms.record.id, floorWithRooms));
      const [room] = linksOf(await ui.rooms());
      const roomName = room!.textContent ?? '';
      await userEvent.click(room!);
      expect(await ui.heading(new RegExp(roomName.split(' (')[0]!))).toBeInTheDocument();
    });
  });

  it('shows the Sites, the data quality and the comparison, or says what is missing', async () => {
    server.use(...platformVariant(variant));
    const { unmount } = renderApp('/sites');
    expect(await ui.heading('Sites')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Sites' })).toBeInTheDocument();
    unmount();
    const { unmount: leaveQuality } = renderApp('/quality');
    expect(await ui.heading('Data quality')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: /issues/i })).toBeInTheDocument();
    leaveQuality();
    const [a, b] = fixtureBuildings;
    renderApp(`/compare?ids=${a!.id},${b!.id}`);
    expect(await ui.heading(/Compare/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /went wrong|failed/i })).not.toBeInTheDocument();
  });
});
