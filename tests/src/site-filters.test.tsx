import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteLabel } from '@/shared/labels';
import { renderApp } from './support/render-app';
import { fixture } from './support/scenarios';

/** The options a screen's Site filter offers, as a person reads them. */
async function siteChoices(path: string, ready: () => Promise<unknown>) {
  renderApp(path);
  await ready();
  const select = await screen.findByRole('combobox', { name: 'Site' });
  // Wait for the sites listing: more than "All sites".
  await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

/**
 * Every site of the portfolio, one without buildings too, by its label, in one order: what each
 * screen offers, so all three offer the same (a screen each, rather than three in one test that
 * took a quarter of its timeout, issue #57).
 */
const everySite = [
  'All sites',
  ...fixture.sites.map((site) => siteLabel(site.id, site.name)).sort((a, b) => a.localeCompare(b)),
];

describe('Site filters', () => {
  it.each([
    ['the portfolio', '/', () => screen.findByRole('table', { name: 'Buildings' })],
    [
      'Needs attention',
      '/attention',
      () => screen.findByRole('heading', { level: 1, name: 'Needs attention now' }),
    ],
    [
      'data quality',
      '/quality',
      () => screen.findByRole('heading', { level: 1, name: 'Data quality' }),
    ],
  ])('offer every site by name in one order on %s', async (_screen, path, ready) => {
    expect(await siteChoices(path, ready)).toEqual(everySite);
  });
});
