import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { plantedProblemAt } from '../../server/emulator/portfolio';
import { scoreWeights } from '../../server/portfolio-index/quality/catalogue';
import { server } from './support/msw-server';
import { displayName } from '@/lib/format';
import { holding, rowsOf } from './support/queries';
import { renderApp } from './support/render-app';
import {
  everythingPending,
  fixture,
  fixtureBuildings,
  fixtureQuality,
  indexBeforeFirstSync,
  indexNotYetSynced,
} from './support/scenarios';

/**
 * The issues table's rows: a group's heading row holds one row header for the whole row group and
 * no cells. Two role queries for the whole table, not two for each of its 200 rows (they took
 * seconds in jsdom, issue #57).
 */
const tableRows = async () => {
  const table = await screen.findByRole('table', { name: 'Issues' });
  const headers = within(table).queryAllByRole('rowheader', { hidden: true });
  const rows = rowsOf(table).slice(1);
  const isHeading = (row: HTMLElement) => headers.some((header) => row.contains(header));
  return { headings: rows.filter(isHeading), issues: rows.filter((row) => !isHeading(row)) };
};

const ui = {
  issues: () => screen.findByRole('table', { name: 'Issues' }),
  /** The issues' rows, without the rows that head each group. */
  issueRows: async () => (await tableRows()).issues,
  groupRows: async () => (await tableRows()).headings,
  rule: () => screen.getByRole('combobox', { name: 'Rule' }),
  figures: () => screen.getByRole('region', { name: 'Quality figures' }),
  formula: () => screen.getByRole('region', { name: 'How the score is worked out' }),
  panel: () => screen.findByRole('region', { name: 'Data quality' }),
};

const meanScore = () => {
  const scores = [...fixtureQuality.scores.values()];
  return Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
};

describe('Data quality screen', () => {
  it('shows a loading state first', async () => {
    server.use(...everythingPending());
    renderApp('/quality');
    expect(
      await screen.findByRole('status', { name: 'Checking the portfolio' }),
    ).toBeInTheDocument();
  });

  it('says in plain words that the portfolio is still being indexed', async () => {
    server.use(...indexNotYetSynced());
    renderApp('/quality');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The portfolio is still being indexed.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows the server's score, its formula, and every issue, floors and rooms included", async () => {
    renderApp('/quality');
    const rows = await ui.issueRows();
    expect(rows).toHaveLength(Math.min(500, fixtureQuality.rows.length));
    expect(ui.figures()).toHaveTextContent(`Portfolio score${meanScore()} / 100`);
    expect(ui.formula()).toHaveTextContent(
      `loses ${scoreWeights.error} points for each rule it breaks with an error`,
    );
    expect(ui.formula()).toHaveTextContent(
      `floors and rooms of ${fixtureBuildings.length} of ${fixtureBuildings.length} buildings were checked`,
    );
    expect(
      screen.getByText(new RegExp(`^${fixtureQuality.rows.length} issues`)),
    ).toBeInTheDocument();
    // The emulator's empty shell: a building without floors.
    expect(within(await ui.issues()).getAllByText('Annex (empty shell)').length).toBeGreaterThan(0);
  });

  // Each grouping is its own test, opened at its address: one screen's worth of interactions in
  // one test once took 16–21 s beside two busy cores (issue #57).
  it('groups the issues by severity by default, errors first, with counts', async () => {
    renderApp('/quality');
    const count = (severity: string) =>
      fixtureQuality.rows.filter((row) => row.severity === severity).length;
    await waitFor(async () => expect((await ui.groupRows())[0]).toBeDefined());
    const bySeverity = await ui.groupRows();
    expect(bySeverity[0]).toHaveTextContent(`Errors · ${count('error')} issue`);
    expect(bySeverity.map((row) => row.textContent!.split(' · ')[0])).toEqual(
      ['Errors', 'Warnings', 'Notes'].filter(
        (_, index) => count(['error', 'warning', 'info'][index]!) > 0,
      ),
    );
  });

  it('groups the issues by rule, each rule heading its issues once with their count', async () => {
    renderApp('/quality?group=rule');
    const rules = new Map<string, number>();
    for (const row of fixtureQuality.rows) rules.set(row.ruleId, (rules.get(row.ruleId) ?? 0) + 1);
    await waitFor(async () => expect(await ui.groupRows()).toHaveLength(rules.size));
    const byRule = await ui.groupRows();
    const [, firstCount] = [...rules].sort(([a], [b]) => (a < b ? -1 : 1))[0]!;
    expect(byRule[0]).toHaveTextContent(new RegExp(`· ${firstCount} issues?$`));
    expect(await ui.issueRows()).toHaveLength(fixtureQuality.rows.length);
  });

  it("groups the issues by building, a site's own issues as a group of their own", async () => {
    renderApp('/quality?group=building');
    const buildings = new Set(
      fixtureQuality.rows.map((row) => row.buildingId ?? `site:${row.siteId}`),
    );
    await waitFor(async () => expect(await ui.groupRows()).toHaveLength(buildings.size));
    // Each building's heading gives the score its issues explain (the one its page shows); the
    // site's own group has none.
    const headings = await ui.groupRows();
    const scored = headings.filter((heading) => heading.textContent!.includes(' · score '));
    expect(scored).toHaveLength([...buildings].filter((key) => !key.startsWith('site:')).length);
    for (const heading of scored) {
      const [, name, score] = /^(.*) · score (\d+) \/ 100 · \d+ issues?$/.exec(
        heading.textContent!,
      )!;
      const named = fixtureBuildings.filter((entry) => displayName(entry.name) === name);
      expect(named.map((entry) => fixtureQuality.scores.get(entry.id))).toContain(Number(score));
    }
  });

  it('keeps the grouping a person chooses in the address', async () => {
    const { router } = renderApp('/quality');
    await ui.issues();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'building');
    await waitFor(() => expect(router.state.location.search).toBe('?group=building'));
  });

  it('filters by rule through the URL, explaining the rule', async () => {
    const { router } = renderApp('/quality');
    await ui.issues();
    await userEvent.selectOptions(ui.rule(), 'name-missing');
    await waitFor(() => expect(router.state.location.search).toBe('?rule=name-missing'));
    await waitFor(async () =>
      expect(await ui.issueRows()).toHaveLength(
        fixture.buildings.filter((entry) => plantedProblemAt(entry.index) === 'blankName').length,
      ),
    );
    expect(screen.getByText(/people cannot find it/)).toBeInTheDocument();
  });

  it('lists what only floors and rooms show, without anyone opening the building', async () => {
    renderApp('/quality?rule=floor-count-mismatch');
    const mismatch = fixture.buildings.find(
      (entry) => plantedProblemAt(entry.index) === 'floorCountOff',
    )!;
    await waitFor(async () => {
      const rows = await ui.issueRows();
      expect(rows.some((row) => row.textContent?.includes(mismatch.record.name!))).toBe(true);
    });
  });

  it('says so when a filter leaves no issue', async () => {
    // A rule of errors filtered to notes finds nothing.
    renderApp('/quality?rule=name-missing&severity=info');
    expect(await screen.findByText('No issues here')).toBeInTheDocument();
  });
});

describe('Data quality on the other screens', () => {
  it('filters the portfolio to buildings with errors or warnings, through the URL', async () => {
    const { router } = renderApp('/');
    const table = await screen.findByRole('table', { name: 'Buildings' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Data quality' }), 'any');
    await waitFor(() => expect(router.state.location.search).toBe('?issues=any'));
    const expected = new Set(
      fixtureQuality.rows
        .filter((finding) => finding.severity !== 'info' && finding.buildingId)
        .map((finding) => finding.buildingId),
    );
    await waitFor(() => expect(rowsOf(table)).toHaveLength(expected.size + 1));
  });

  it("shows a building's issues and its one score on its page", async () => {
    const shell = fixture.buildings[5]!.record;
    renderApp(`/buildings/${shell.id}`);
    const panel = await ui.panel();
    await waitFor(() =>
      expect(panel).toHaveTextContent(`score ${fixtureQuality.scores.get(shell.id)} / 100`),
    );
    expect(within(panel).getByRole('link', { name: /Device|Devices/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/quality\?rule=/),
    );
    expect(
      within(panel).getByRole('link', { name: 'How the score is worked out' }),
    ).toHaveAttribute('href', '/quality');
  });

  it('puts the floors first on a building page, and its findings one line per rule', async () => {
    const tower = fixture.buildings[0]!.record;
    const findings = fixtureQuality.rows.filter((row) => row.buildingId === tower.id);
    const perRule = new Map<string, typeof findings>();
    for (const row of findings) perRule.set(row.ruleId, [...(perRule.get(row.ruleId) ?? []), row]);
    const folded = [...perRule].find(([, rows]) => rows.length > 1);
    expect(folded).toBeDefined();
    renderApp(`/buildings/${tower.id}`);
    const panel = await ui.panel();
    const list = await within(panel).findByRole('list', { name: 'Issues' });
    const items = within(list).getAllByRole('listitem');
    // One line per rule, however many floors it finds; errors before warnings before notes.
    expect(items).toHaveLength(perRule.size);
    const order = { error: 0, warning: 1, info: 2 } as const;
    const severities = [...perRule.values()].map((rows) => order[rows[0]!.severity]);
    // Each line begins with its severity chip: Error, Warning or Note.
    const rank = (text: string) =>
      text.startsWith('Error') ? 0 : text.startsWith('Warning') ? 1 : 2;
    expect(items.map((item) => rank(item.textContent!))).toEqual(
      [...severities].sort((a, b) => a - b),
    );
    // A rule that finds many floors says how many, its floors folded until asked for.
    const [, rows] = folded!;
    const line = items.find((item) => item.textContent!.includes(`${rows.length} floors:`))!;
    expect(line).toBeDefined();
    // The folded list is a <details>: its `open` is what a person sees, folded or not.
    // eslint-disable-next-line testing-library/no-node-access -- no role query reads `open`
    const details = line.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(within(line).getByText(`${rows.length} floors:`, { exact: false }));
    expect(details.open).toBe(true);
    // The stacking plan comes before the findings.
    const floors = await screen.findByRole('region', { name: 'Floors' });
    expect(floors.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows on a floor only the findings about that floor', async () => {
    const tower = fixture.buildings[0]!;
    const floor = fixture.floorsOf(tower)[1]!;
    renderApp(`/buildings/${tower.record.id}/levels/${floor.record.id}`);
    const panel = await ui.panel();
    const list = await within(panel).findByRole('list', { name: 'Issues' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toHaveTextContent(`(${floor.record.name})`);
  });

  it('shows on a room a finding about rooms sharing a name only where it names that room', async () => {
    const tower = fixture.buildings[0]!;
    const floor = fixture.floorsOf(tower)[1]!;
    const named = (name: string | null | undefined) =>
      floor.spaces.filter((space) => space.name === name).length;
    const shared = floor.spaces.find((space) => named(space.name) > 1)!;
    const alone = floor.spaces.find((space) => named(space.name) === 1)!;
    const issuesOn = async (room: { id: string }) => {
      const { unmount } = renderApp(
        `/buildings/${tower.record.id}/levels/${floor.record.id}/rooms/${room.id}`,
      );
      const panel = await ui.panel();
      // Loaded: its issues, or the words for none.
      await waitFor(() => expect(panel).toHaveTextContent(/Rooms|Nothing wrong found|floors:|\(/));
      const text = panel.textContent;
      unmount();
      return text;
    };
    // By the rule's title, or its id while the rules' words are on their way.
    const sameName = /same name|room-name-duplicate/i;
    expect(await issuesOn(shared)).toMatch(sameName);
    expect(await issuesOn(alone)).not.toMatch(sameName);
  });

  it('says why the score is missing before the index has read the portfolio', async () => {
    server.use(...indexBeforeFirstSync());
    const shell = fixture.buildings[5]!.record;
    renderApp(`/buildings/${shell.id}`);
    expect(await ui.panel()).toHaveTextContent(
      /Data quality is not shown here\. The portfolio is still being indexed\./,
    );
  });

  it('gives a building the same score on its page, in the portfolio and in the comparison', async () => {
    const tower = fixture.buildings[0]!.record;
    const other = fixture.buildings[5]!.record;
    const score = fixtureQuality.scores.get(tower.id)!;
    // Every floor of the tower has two rooms called "Meeting room": a note, not a zero.
    expect(score).toBeGreaterThanOrEqual(90);

    const { unmount: leaveBuilding } = renderApp(`/buildings/${tower.id}`);
    await waitFor(async () => expect(await ui.panel()).toHaveTextContent(`score ${score} / 100`));
    leaveBuilding();

    const { unmount: leavePortfolio } = renderApp(`/?q=${encodeURIComponent(tower.name!)}`);
    const table = await screen.findByRole('table', { name: 'Buildings' });
    const header = within(table).getByRole('columnheader', { name: /Quality score/ });
    const column = within(table).getAllByRole('columnheader').indexOf(header);
    await waitFor(() => {
      const row = rowsOf(table).find((candidate) => candidate.textContent?.includes(tower.name!))!;
      expect(within(row).getAllByRole('cell')[column]).toHaveTextContent(String(score));
    });
    leavePortfolio();

    renderApp(`/compare?ids=${tower.id},${other.id}`);
    const compared = await screen.findByRole('table', { name: /Side by side/ });
    await waitFor(() =>
      expect(holding(compared, 'rowheader', 'Data quality score')).toHaveTextContent(
        `${score} / 100`,
      ),
    );
  });
});
