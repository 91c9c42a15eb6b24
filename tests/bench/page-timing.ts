import type { Page } from '@playwright/test';

// What the dashboard benches time in a page: each navigation from the click to the painted frame
// with the new screen's content, and when its data left. Shared by the dashboard's figures and
// the drill-down's side-by-side comparison of two builds.

/** Signs the demo's Dana in through the embedded provider's form, landing on `returnTo`. */
export async function signInInPage(page: Page, base: string, returnTo = '/'): Promise<void> {
  await page.goto(`${base}/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('Username').fill('dana');
  await page.getByLabel('Password').fill('storey-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** history.back() with its start stamped, for timedNavigation (a string: see the scroll probe). */
export const backScript =
  '(() => { window.storeyStartedAt = performance.now(); history.back(); })()';

/**
 * Installed before a page loads (addInitScript): every call for data (`/api` or `/graphql`, but
 * the index status the layout polls) is stamped when the dashboard makes it, and counted while
 * its answer is on its way, so a bench can wait for the page to settle, and each answer's end
 * (its last byte by the wall clock, and its status) is kept as a promise, `ended`. (The browser's resource timing lists
 * a request only once its answer has ended, and Playwright's network events arrive late under
 * load and sometimes not at all for a streamed answer Chromium reports as aborted.)
 */
export const dataRequestsScript = `(() => {
  window.storeyDataRequests = [];
  window.storeyInFlight = 0;
  const fetchOriginal = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.url ?? String(input), location.href);
    if (!/^\\/(api|graphql)(\\/|$)/.test(url.pathname) || url.pathname === '/api/index/status')
      return fetchOriginal(input, init);
    let ended;
    window.storeyDataRequests.push({
      at: performance.now(),
      path: url.pathname,
      search: url.search,
      ended: new Promise((resolve) => (ended = resolve)),
    });
    window.storeyInFlight++;
    const settle = (status) => {
      window.storeyInFlight--;
      window.storeyLastSettled = performance.now();
      ended({ at: Date.now(), status });
    };
    return fetchOriginal(input, init).then(
      (response) => {
        // Until its body has been read (a streamed history answer takes a while).
        const read = () => settle(response.status);
        response.clone().arrayBuffer().then(read, read);
        return response;
      },
      (error) => { settle(0); throw error; },
    );
  };
})()`;

/** Until no data request has been on its way for half a second (polled: the CSP forbids eval). */
export async function dataSettled(page: Page): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const quiet = await page.evaluate(
      '(window.storeyInFlight ?? 0) === 0 && performance.now() - (window.storeyLastSettled ?? 0) > 500',
    );
    if (quiet) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The page kept asking for data for a minute.');
}

/**
 * One navigation timed in the page: from the click (or Back) to the frame painted after the new
 * screen shows its heading and `selector`, and from the click to the first request for the new
 * place's data (negative: asked on the intent, before the click; null: none, it was there; needs
 * `dataRequestsScript`). Without a heading, the clicked link's text is the heading expected.
 */
export async function timedNavigation(
  page: Page,
  act: () => Promise<unknown>,
  expected: { heading?: string; selector: string },
): Promise<{ ms: number; requestMs: number | null }> {
  await page.evaluate(`(() => {
    window.storeyStartedAt = undefined;
    window.storeyExpected = ${JSON.stringify(expected.heading ?? null)};
    document.addEventListener('click', (event) => {
      window.storeyStartedAt ??= performance.now();
      window.storeyExpected ??= event.target.closest('a')?.textContent.trim() ?? null;
    }, { capture: true, once: true });
    const selector = ${JSON.stringify(expected.selector)};
    window.storeyNavigation = new Promise((resolve, reject) => {
      const deadline = performance.now() + 30000;
      const check = () => {
        const started = window.storeyStartedAt;
        const h1 = document.querySelector('h1');
        if (started !== undefined && h1 && h1.textContent.trim() === window.storeyExpected && document.querySelector(selector))
          requestAnimationFrame(() => resolve(performance.now() - started));
        else if (performance.now() > deadline)
          reject(new Error('No "' + window.storeyExpected + '" with ' + selector + ' within 30 s; the page shows "' + (h1 ? h1.textContent : '') + '".'));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  })()`);
  await act();
  const ms = (await page.evaluate('window.storeyNavigation')) as number;
  // Settled before the next step: a floor's rows reorder as their details arrive.
  await dataSettled(page);
  // The new screen's own data: requests naming its place (the last part of its path), from the
  // second before the click on, as a pointer resting on the link starts them (negative: before).
  const requestMs = (await page.evaluate(
    `(() => {
      const place = location.pathname.split('/').pop();
      const started = window.storeyStartedAt;
      const delays = window.storeyDataRequests
        .filter((request) => request.at >= started - 1000 && request.path.includes(place))
        .map((request) => request.at - started);
      return delays.length > 0 ? Math.min(...delays) : null;
    })()`,
  )) as number | null;
  return { ms, requestMs };
}
