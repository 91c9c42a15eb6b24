import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from '../../server/cli/build.mjs';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { startIdleStorey } from './drill-down-pair';
import { figureRecorder, figureTable, percentile } from './figures';
import { dataRequestsScript, dataSettled, signInInPage, timedNavigation } from './page-timing';
import { writeSection } from './report-sections';

const group = 'A shared link to the tower';
const rounds = 3;
/** The list endpoints a page reads the whole portfolio through (issue #55: a deep link must not). */
const portfolioListings = ['/api/Buildings', '/api/Sites'];

/** A place's screen: its heading and what shows its content. */
interface Screen {
  heading: string;
  selector: string;
}

/**
 * Installed before a shared link's page loads: resolves `storeyDeepLink` with the time from the
 * navigation's start to the frame painted after the screen shows its heading and content.
 */
const deepLinkProbe = (screen: Screen) => `(() => {
  window.storeyDeepLink = new Promise((resolve, reject) => {
    const check = () => {
      const h1 = document.querySelector('h1');
      if (h1 && h1.textContent.trim() === ${JSON.stringify(screen.heading)} && document.querySelector(${JSON.stringify(screen.selector)}))
        requestAnimationFrame(() => resolve(performance.now()));
      else if (performance.now() > 60000) reject(new Error('No ${screen.heading.replaceAll("'", '')} within 60 s.'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
})()`;

/** A link opened in a new tab of a signed-in browser: time to content, and what it asked for. */
async function openShared(page: Page, url: string, screen: Screen) {
  await page.addInitScript(dataRequestsScript);
  await page.addInitScript(deepLinkProbe(screen));
  await page.goto(url, { waitUntil: 'commit' });
  const ms = (await page.evaluate('window.storeyDeepLink')) as number;
  await dataSettled(page);
  const paths = (await page.evaluate(
    'window.storeyDataRequests.map((request) => request.path)',
  )) as string[];
  return {
    ms,
    requests: paths.length,
    listings: paths.filter((p) => portfolioListings.includes(p)),
  };
}

interface Round {
  click: { building: number; floor: number };
  shared: {
    building: Awaited<ReturnType<typeof openShared>>;
    floor: Awaited<ReturnType<typeof openShared>>;
  };
}

/**
 * One round in a fresh browser context: signed in on the portfolio, a click to the tower and one
 * to its Level 190 (each from the click to its content); then each of the two addresses opened
 * as a shared link in a new tab of the same browser (its files cached, as a person who uses
 * Storey has them), from the navigation's start to its content.
 */
async function deepLinkRound(browser: Browser, base: string): Promise<Round> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(dataRequestsScript);
    await signInInPage(page, base);
    const towerLink = page.getByRole('table', { name: 'Buildings' }).getByRole('link').first();
    await towerLink.waitFor();
    await dataSettled(page);
    // The large profile lists its 200-floor tower first.
    const tower: Screen = {
      heading: ((await towerLink.textContent()) ?? '').trim(),
      selector: '[aria-label="Floors"] a',
    };
    const building = await timedNavigation(page, () => towerLink.click(), tower);
    const buildingUrl = page.url();
    const floor: Screen = {
      heading: 'Level 190',
      selector: 'table[aria-label="Rooms"] tbody tr a',
    };
    const level = await timedNavigation(
      page,
      () => page.getByRole('link', { name: floor.heading, exact: true }).click(),
      floor,
    );
    const floorUrl = page.url();
    const shared = async (url: string, screen: Screen) => {
      const tab = await context.newPage();
      try {
        return await openShared(tab, url, screen);
      } finally {
        await tab.close();
      }
    };
    return {
      click: { building: building.ms, floor: level.ms },
      shared: {
        building: await shared(buildingUrl, tower),
        floor: await shared(floorUrl, floor),
      },
    };
  } finally {
    await context.close();
  }
}

/**
 * Issue #55, item 6: a shared link to the 200-floor tower, or to one of its floors, loads only
 * what that page needs (no portfolio-wide listing) and shows its content within 1 s of the time
 * the same place takes clicked through, on the large profile.
 */
export async function deepLinkBenchmarks(command: string): Promise<void> {
  const { figures, record } = figureRecorder();
  await build({ ifStale: true });
  const storey = await startIdleStorey();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results: Round[] = [];
  try {
    for (let round = 0; round < rounds; round++)
      results.push(await deepLinkRound(browser, storey.url));
  } finally {
    await browser.close();
    await storey.stop();
  }
  const median = (values: number[]) => Math.round(percentile(values, 0.5));
  const each = (values: number[]) => values.map(Math.round).join(', ');
  for (const place of ['building', 'floor'] as const) {
    const clicked = results.map((round) => round.click[place]);
    const shared = results.map((round) => round.shared[place].ms);
    record({
      group,
      name: `The tower's ${place === 'building' ? 'building page' : 'Level 190'}: a shared link, navigation → content · clicked through, click → content (median of ${rounds} fresh browsers; each)`,
      value: `${median(shared)} ms (${each(shared)}) · ${median(clicked)} ms (${each(clicked)})`,
      target: 'shared ≤ clicked + 1,000 ms',
      met: median(shared) <= median(clicked) + 1000,
      command,
    });
    const requests = results.map((round) => round.shared[place]);
    record({
      group,
      name: `Its data requests opened as a shared link, and of them portfolio-wide listings (${portfolioListings.join(', ')})`,
      value: `${requests.map((request) => request.requests).join(', ')}; ${requests.reduce((sum, request) => sum + request.listings.length, 0)}`,
      target: 'no listing',
      met: requests.every((request) => request.listings.length === 0),
      command,
    });
  }
  if (process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'deep-link') return;
  await writeSection(
    'deep-link',
    [
      `## ${group}`,
      '',
      `Measured with \`${command}\` (\`BENCH_ONLY=deep-link\` runs and writes this section alone) on the large profile: one Storey as the image runs it, idle (its index synced, its first rounds done). In each of ${rounds} fresh browsers, Dana signs in, clicks the 200-floor tower on the portfolio and its Level 190, each timed from the click to the painted frame with the screen's heading and content; then both addresses are opened as shared links in new tabs of the same browser (files cached, as for a person who uses Storey), timed from the navigation's start. A link to a place reads the place (\`/api/index/buildings/:id\` and the drill-down's GraphQL), never the portfolio's listings (issue #55, item 6).`,
      '',
      ...figureTable(figures, 'measure'),
    ].join('\n'),
  );
}
