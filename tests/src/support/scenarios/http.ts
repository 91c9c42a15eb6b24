/**
 * What every handler shares: the BFF's X-CSRF guard, paging and problem documents.
 */
import { HttpResponse } from 'msw';

export function requireCsrf(request: Request): Response | undefined {
  if (request.headers.get('x-csrf') !== '1') {
    return HttpResponse.json(
      { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Missing X-CSRF' },
      { status: 403 },
    );
  }
  return undefined;
}

/**
 * `HttpResponse.json` with its Content-Length counted here: msw counts it with a Blob, which in
 * jsdom checks every character of the text (over half a second for 10,000 buildings' pages).
 */
export function jsonOf(body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  return new HttpResponse(text, {
    headers: {
      'content-type': 'application/json',
      'content-length': String(new TextEncoder().encode(text).byteLength),
      ...headers,
    },
  });
}

export function paged<T>(request: Request, items: readonly T[]) {
  const url = new URL(request.url);
  const take = Number(url.searchParams.get('take') ?? 1000);
  const skip = Number(url.searchParams.get('skip') ?? 0);
  return jsonOf(items.slice(skip, skip + take), { 'x-total-count': String(items.length) });
}

export const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, detail },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );
