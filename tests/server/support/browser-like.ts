/** A minimal cookie-keeping client that follows redirects by hand, as a browser would, across origins. */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: string): string {
    return [...(this.jars.get(new URL(url).host) ?? new Map<string, string>())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  store(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(host, jar);
  }

  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  set(url: string, name: string, value: string): void {
    const jar = this.jars.get(new URL(url).host) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(new URL(url).host, jar);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, response);
    return response;
  }

  /** Follows redirects (GET) until a non-redirect answer or `stopAt` matches the next address. */
  async follow(
    url: string,
    stopAt?: (next: string) => boolean,
  ): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < 15; hop++) {
      const response = await this.fetch(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { url: current, response };
      const next = new URL(location, current).href;
      if (stopAt?.(next)) return { url: next, response };
      current = next;
    }
    throw new Error('too many redirects');
  }
}
