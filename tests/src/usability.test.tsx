/**
 * What a facility manager meets when things are slow or wrong, and small things that keep their
 * place: plain words with what to do, the page frame kept, a "still loading" note, data marked
 * stale with its age, a refresh, and the portfolio's filters kept by the breadcrumb.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stillLoadingAfterMs } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { plainError } from '@/lib/plain-error';
import { server } from './support/msw-server';
import { renderApp } from './support/render-app';
import {
  answersMalformed,
  buildingsFail,
  everythingPending,
  fixtureBuildings,
} from './support/scenarios';

describe('errors in plain words', () => {
  it.each([
    [502, 'The building platform is not answering.', /Storey will keep trying; you can retry now/],
    [503, 'The building platform is not answering.', /retry now/],
    [504, 'The building platform took too long to answer.', /retry now/],
    [429, 'The building platform is busy.', /Wait a moment/],
    [403, 'The building platform refused to share this.', /platform administrator/],
    [404, 'The building platform does not know this.', /go back to the portfolio/],
    [400, 'The building platform did not accept the request.', /Retry/],
    [0, 'Storey could not be reached.', /network connection/],
  ])('says what %s means and what to do', (status, headline, next) => {
    const plain = plainError(new ApiError(status, 'Bad Gateway', 'The platform failed (x).'));
    expect(plain.headline).toBe(headline);
    expect(plain.next).toMatch(next);
    // The technical words are kept apart, for whoever supports Storey.
    expect(plain.detail).toContain('The platform failed (x).');
  });

  it('tells a GraphQL answer cut short or unreadable apart from a fault in Storey', () => {
    expect(plainError(new TypeError('terminated')).headline).toBe(
      'The connection broke before the answer was complete.',
    );
    expect(plainError(new SyntaxError('Unexpected end of JSON input')).headline).toBe(
      'The building platform sent data Storey cannot read.',
    );
    expect(plainError(new RangeError('x')).headline).toBe('Something went wrong in Storey.');
  });

  it('tells when Storey will try again after a 429 with Retry-After', () => {
    expect(plainError(new ApiError(429, 'Too Many Requests', 'slow down', undefined, 7)).next).toBe(
      'Storey will try again in 7 seconds; you can retry now.',
    );
  });

  it('keeps the page title and says it in plain words, with the details apart', async () => {
    server.use(...buildingsFail(502, 'The platform failed to answer (status 502).'));
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    expect(alert).toHaveTextContent(
      'Could not load the buildings. The building platform is not answering.',
    );
    expect(alert).toHaveTextContent('Storey will keep trying; you can retry now.');
    expect(alert).toHaveTextContent('Details: The platform failed to answer (status 502).');
    expect(alert).not.toHaveTextContent('Bad Gateway');
  });

  it('names the room it could not load, not its building, in the words and the frame', async () => {
    server.use(...buildingsFail(503, 'The platform is unavailable (status 503).'));
    renderApp(`/buildings/${fixtureBuildings[0]!.id}/levels/0/rooms/1`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the room.');
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(crumbs).toHaveTextContent('Room');
    expect(crumbs).not.toHaveTextContent('Building');
  });

  // The BFF relays platform answers unparsed (decision 0007): broken JSON is the dashboard's to catch.
  it.each([
    ['a listing', 'listing', '/', 'Could not load the buildings.'],
    ['a drill-down', 'graphql', `/buildings/${fixtureBuildings[0]!.id}`, 'Could not load'],
  ] as const)(
    'says so when the platform sends broken JSON in %s',
    async (_name, which, path, lead) => {
      server.use(...answersMalformed(which));
      renderApp(path);
      // The building page has a quality note of its own with role alert; find the failure's.
      const alert = await screen.findByText(
        (_text, element) =>
          element?.getAttribute('role') === 'alert' &&
          element.textContent?.includes('cannot read') === true,
      );
      expect(alert).toHaveTextContent(lead);
      expect(alert).toHaveTextContent('The building platform sent data Storey cannot read.');
      expect(alert).toHaveTextContent('send the details below to your platform administrator');
      expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    },
  );
});

describe('waiting', () => {
  afterEach(() => vi.useRealTimers());

  it('says "still loading" after 5 seconds of waiting, inside the page frame', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(...everythingPending());
    renderApp('/sites');
    const status = await screen.findByRole('status', { name: 'Loading the totals' });
    expect(status).not.toHaveTextContent('Still loading');
    await act(() => vi.advanceTimersByTimeAsync(stillLoadingAfterMs));
    expect(status).toHaveTextContent('Still loading: the building platform is slow to answer.');
    expect(screen.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
  });
});

describe('freshness', () => {
  it('shows when the figures were read, refreshes them, and marks them stale when a refresh fails', async () => {
    renderApp('/');
    await screen.findByRole('table', { name: 'Buildings' });
    // "This page": told apart from the portfolio index's own time on the same screen.
    expect(screen.getByText(/^This page updated \d/)).toBeInTheDocument();
    server.use(...buildingsFail(503, 'Service Unavailable'));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const stale = await screen.findByText(/^These figures are from/);
    expect(stale).toHaveTextContent(
      'the last refresh failed. The building platform is not answering.',
    );
    // The figures stay on screen.
    expect(screen.getByRole('table', { name: 'Buildings' })).toBeInTheDocument();
  });
});

describe('keeping the way back', () => {
  it("takes the building's Portfolio breadcrumb back to the filtered portfolio", async () => {
    const { router } = renderApp('/?q=harbour&sort=area');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    const first = within(table).getAllByRole('link')[0]!;
    await userEvent.click(first);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Portfolio' })).toHaveAttribute(
      'href',
      '/?q=harbour&sort=area',
    );
    expect(router.state.location.pathname).toMatch(/^\/buildings\//);
    expect(fixtureBuildings.length).toBeGreaterThan(0);
  });
});
