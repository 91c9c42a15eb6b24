/**
 * `npm run dev` proxies every path the BFF answers to it: the Vite proxy and the dev server are
 * built from one list, and every route the BFF registers is under one of its prefixes.
 */
import { describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { bffPrefixes, bffProxy } from '../../server/http/paths';
import { noBuiltDashboard } from './support/harness';

describe('the dev loop', () => {
  it('proxies exactly the BFF prefixes through Vite', () => {
    const proxy = (viteConfig as { server?: { proxy?: Record<string, unknown> } }).server?.proxy;
    expect(Object.keys(proxy ?? {}).sort()).toEqual([...bffPrefixes].sort());
    expect(Object.keys(bffProxy('http://127.0.0.1:1')).sort()).toEqual([...bffPrefixes].sort());
  });

  // One BFF a test (each with its embedded index): with and without sign-in, the routes differ.
  const signIns: Array<[string, Parameters<typeof buildApp>[0]['signIn']]> = [
    ['without sign-in', undefined],
    [
      'with sign-in',
      {
        provider: {
          issuer: 'https://login.example.test',
          clientId: 'c',
          clientSecret: 's',
          allowedDomains: [],
          allowedGroups: [],
        },
        publicUrl: 'http://127.0.0.1:5173',
      },
    ],
  ];
  it.each(signIns)(
    'has every route the BFF registers %s under one of those prefixes',
    async (_, signIn) => {
      const config = loadConfig({ STATIC_DIR: noBuiltDashboard, METRICS_PORT: '' });
      const app = await buildApp({
        config,
        platform: {
          baseUrl: 'http://127.0.0.1:9',
          authUrl: 'http://127.0.0.1:9',
          tenantId: 't',
          clientId: 'c',
          clientSecret: 's',
          scope: 's',
        },
        logger: false,
        signIn,
      });
      await app.ready();
      // Top-level lines of the route tree: every route starts with one of them.
      const routes = app
        .printRoutes({ commonPrefix: false })
        .split('\n')
        .flatMap((line) => /^[├└]── (\S+)/.exec(line)?.[1] ?? []);
      expect(routes.length).toBeGreaterThan(5);
      const outside = routes.filter(
        (url) => !bffPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)),
      );
      expect(outside).toEqual([]);
      await app.close();
    },
  );
});
