import { CookieJar } from '../server/support/browser-like';
import { freePort, productionServer, startService, type Service } from '../support/processes';

/** Signs in through the embedded provider as a browser would; the session's cookie header. */
export async function signIn(base: string, username: string): Promise<string> {
  const jar = new CookieJar();
  const login = await jar.fetch(`${base}/auth/login?returnTo=%2F`);
  const { url: interaction } = await jar.follow(login.headers.get('location')!);
  const form = await jar.fetch(
    `${new URL(interaction).origin}${new URL(interaction).pathname}/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: 'storey-demo' }),
    },
  );
  const { url: callback } = await jar.follow(
    new URL(form.headers.get('location')!, interaction).href,
    (next) => next.startsWith(base),
  );
  await jar.fetch(callback);
  return jar.header(base);
}

/**
 * Storey as the image runs it on the large profile (10,000 buildings, embedded database and
 * emulator), with room for a bench's requests; `env` adds its own settings.
 */
export async function startLargeStorey(env: Record<string, string>): Promise<Service> {
  const port = await freePort();
  return startService(
    productionServer,
    {
      PORT: String(port),
      EMULATOR_PROFILE: 'large',
      REQUESTS_IN_FLIGHT_MAX: '1000',
      RATE_LIMIT_MAX: '1000000',
      ...env,
    },
    port,
    '/healthz',
  );
}
