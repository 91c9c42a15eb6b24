import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support/render-app';
import { fixture } from './support/scenarios';

/** The options a screen's Site filter offers, as a person reads them. */
async function siteChoices(path: string, ready: () => Promise<unknown>) {
  const { unmount } = renderApp(path);
  await ready();
  const select = await screen.findByRole('combobox', { name: 'Site' });
  // Wait for the sites listing: more than "All sites".
  await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
  const choices = within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
  unmount();
  return choices;
}

describe('Site filters', () => {
  it('offer the same sites in the same order on the portfolio, Needs attention and data quality', async () => {
    const portfolio = await siteChoices('/', () =>
      screen.findByRole('table', { name: 'Buildings' }),
    );
    const attention = await siteChoices('/attention', () =>
      screen.findByRole('heading', { level: 1, name: 'Needs attention now' }),
    );
    const quality = await siteChoices('/quality', () =>
      screen.findByRole('heading', { level: 1, name: 'Data quality' }),
    );
    expect(attention).toEqual(portfolio);
    expect(quality).toEqual(portfolio);
    // Every site of the portfolio, one without buildings too, by name.
    expect(portfolio.slice(1)).toHaveLength(fixture.sites.length);
    expect(portfolio.slice(1)).toEqual(
      [...portfolio.slice(1)].sort((a, b) => a!.localeCompare(b!)),
    );
  });
});
