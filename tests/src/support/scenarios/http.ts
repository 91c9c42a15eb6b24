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

export function paged<T>(request: Request, items: readonly T[]) {
  const url = new URL(request.url);
  const take = Number(url.searchParams.get('take') ?? 1000);
  const skip = Number(url.searchParams.get('skip') ?? 0);
  return HttpResponse.json(items.slice(skip, skip + take) as never, {
    headers: { 'x-total-count': String(items.length) },
  });
}

export const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, detail },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );
