import { CookieJar } from '../server/support/browser-like';

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
