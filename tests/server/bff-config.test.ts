import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requiredPlatformVariables } from '../../server/config';

const fullPlatform = {
  PLATFORM_BASE_URL: 'https://platform.example.test/',
  PLATFORM_AUTH_URL: 'https://login.example.test',
  PLATFORM_TENANT_ID: 'tenant',
  PLATFORM_CLIENT_ID: 'client',
  PLATFORM_CLIENT_SECRET: 'super-secret-value',
  PLATFORM_SCOPE: 'api://x/.default',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('BFF configuration', () => {
  it('refuses TRUST_PROXY=true beyond loopback, and takes a hop count or addresses', () => {
    // true believes any X-Forwarded-For a client writes: the per-address limits fall (review L1).
    const exposed = { HOST: '0.0.0.0', ALLOW_ANONYMOUS: 'true', ALLOW_INSECURE_HTTP: 'true' };
    expect(problemsOf({ ...exposed, TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY=true would believe any X-Forwarded-For/,
    );
    expect(loadConfig({ ...exposed, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...exposed, TRUST_PROXY: '10.0.0.2, 10.0.0.3' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.0.0.3',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('uses the embedded emulator and the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      platform: undefined,
      host: '127.0.0.1',
      port: 8080,
      apiVersion: '3.0',
      graphqlAuth: 'token',
      timeoutMs: 15_000,
      cacheTtlSeconds: 0,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PLATFORM_BASE_URL: '', PORT: '' }).platform).toBeUndefined();
  });

  it('takes a complete platform configuration, trimming trailing slashes', () => {
    const config = loadConfig({
      ...fullPlatform,
      PLATFORM_GRAPHQL_AUTH: 'bearer',
      PLATFORM_API_VERSION: '2.0',
    });
    expect(config.platform).toEqual({
      baseUrl: 'https://platform.example.test',
      authUrl: 'https://login.example.test',
      tenantId: 'tenant',
      clientId: 'client',
      clientSecret: 'super-secret-value',
      scope: 'api://x/.default',
    });
    expect([config.graphqlAuth, config.apiVersion]).toEqual(['bearer', '2.0']);
  });

  it('refuses a partial platform configuration and names what is missing', () => {
    const message = problemsOf({
      PLATFORM_BASE_URL: 'https://platform.example.test',
      PLATFORM_CLIENT_SECRET: 'super-secret-value',
    });
    for (const name of requiredPlatformVariables.filter(
      (name) => name !== 'PLATFORM_BASE_URL' && name !== 'PLATFORM_CLIENT_SECRET',
    )) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('super-secret-value');
  });

  it('refuses PORTFOLIO_INDEX, which it no longer reads: every Storey keeps its index', () => {
    for (const value of ['off', 'on'])
      expect(problemsOf({ PORTFOLIO_INDEX: value })).toMatch(
        /PORTFOLIO_INDEX is no longer read: every Storey keeps its portfolio index.*Remove PORTFOLIO_INDEX/,
      );
    expect(loadConfig({ PORTFOLIO_INDEX: '' }).index.databaseUrl).toBeUndefined();
  });

  it('names each invalid variable without echoing secrets', () => {
    const message = problemsOf({
      ...fullPlatform,
      PLATFORM_AUTH_URL: 'not a url',
      PORT: '99999',
      PLATFORM_GRAPHQL_AUTH: 'basic',
      PLATFORM_API_VERSION: '4.0',
    });
    for (const name of [
      'PLATFORM_AUTH_URL',
      'PORT',
      'PLATFORM_GRAPHQL_AUTH',
      'PLATFORM_API_VERSION',
    ])
      expect(message).toContain(name);
    expect(message).not.toContain('super-secret-value');
  });
});

describe('secrets and addresses that would weaken sign-in are refused at start-up', () => {
  const signIn = {
    OIDC_ISSUER: 'https://login.example.test/tenant/v2.0',
    OIDC_CLIENT_ID: 'storey',
    OIDC_CLIENT_SECRET: 'a-client-secret',
  };
  // Drawn once and written down: one random 32-byte secret in 8,000 reads as written words
  // (looksWritten), and a test must not fail by the draw.
  const random = Buffer.from(
    'be45124df3a85211c288dea9cdc580615b2d01c24e09654863e7d99978cc3bf8',
    'hex',
  );

  it.each([
    ['the deployment guide placeholder', 'at-least-32-random-bytes-replace-me'],
    ['anything with replace-me', `${random.toString('hex')}replace-me`],
    ['a passphrase', 'correct horse battery staple and more words'],
    // Phrases that happen to be valid base64, and base64 of a phrase (security review L3).
    ['a letters-only phrase', 'correcthorsebatterystapleandthequickbrownfoxjump'],
    ['a phrase in camel case', 'StoreyFacilityDashboardProductionKeyForAcmeCorp2026'],
    [
      'the base64 of a phrase',
      Buffer.from('facility managers love storey dashboards').toString('base64'),
    ],
    ['too few bytes', randomBytes(24).toString('base64')],
    ['one repeated character', 'a'.repeat(64)],
    ['a repeated pattern', '01'.repeat(40)],
  ])('refuses SESSION_SECRET as %s, saying how to make one', (_label, secret) => {
    const message = problemsOf({ ...signIn, SESSION_SECRET: secret });
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('openssl rand -base64 48');
    expect(message).not.toContain(secret);
  });

  it('accepts random secrets: 2,000 fixed draws of 48 bytes (the advice) in each encoding', () => {
    // Drawn from a seeded generator, so the same 2,000 every run: a test that cannot flake.
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 48, maxLength: 48 }), (draw) => {
        const bytes = Buffer.from(draw);
        for (const encoding of ['base64', 'base64url', 'hex'] as const)
          loadConfig({ ...signIn, SESSION_SECRET: bytes.toString(encoding) });
      }),
      { seed: 20261124, numRuns: 2000 },
    );
  });

  it.each([
    ['base64', random.toString('base64')],
    ['base64url', random.toString('base64url')],
    ['hex', random.toString('hex')],
    ['openssl rand -base64 48', randomBytes(48).toString('base64')],
  ])('accepts 32 or more random bytes written as %s', (_label, secret) => {
    expect(loadConfig({ ...signIn, SESSION_SECRET: secret }).session.secret).toHaveLength(
      Buffer.from(secret, /^[0-9a-f]+$/.test(secret) ? 'hex' : 'base64').length,
    );
  });

  it.each(['PLATFORM_BASE_URL', 'PLATFORM_AUTH_URL', 'OIDC_ISSUER'])(
    'refuses plain http:// for %s beyond loopback unless ALLOW_INSECURE_HTTP=true',
    (name) => {
      const env = {
        ...fullPlatform,
        ...signIn,
        SESSION_SECRET: random.toString('base64'),
        [name]: 'http://platform.internal.example',
      };
      expect(problemsOf(env)).toMatch(new RegExp(`${name} uses plain http://`));
      expect(() => loadConfig({ ...env, ALLOW_INSECURE_HTTP: 'true' })).not.toThrow();
      expect(() => loadConfig({ ...env, [name]: 'http://127.0.0.1:4000' })).not.toThrow();
    },
  );

  it('requires an https PUBLIC_URL when signing people in beyond loopback', () => {
    const env = { ...signIn, SESSION_SECRET: random.toString('base64'), HOST: '0.0.0.0' };
    expect(problemsOf(env)).toContain('PUBLIC_URL');
    expect(problemsOf({ ...env, PUBLIC_URL: 'http://storey.example.test' })).toContain(
      'PUBLIC_URL',
    );
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://storey.example.test' }).host).toBe('0.0.0.0');
    // The embedded default signs people in too: the same rule.
    expect(problemsOf({ HOST: '0.0.0.0' })).toContain('PUBLIC_URL');
  });

  it.each(['OIDC_ALLOWED_DOMAINS', 'OIDC_ALLOWED_GROUPS'])(
    'refuses %s without OIDC_ISSUER instead of ignoring it',
    (name) => {
      expect(problemsOf({ [name]: 'example.com' })).toMatch(
        new RegExp(`${name}.*without OIDC_ISSUER`),
      );
    },
  );
});

describe('log level', () => {
  it('logs warnings only on the embedded emulator, so the start banner stays readable', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info');
  });

  it('logs every request (info) against a real platform', () => {
    expect(
      loadConfig({
        PLATFORM_BASE_URL: 'http://127.0.0.1:9',
        PLATFORM_AUTH_URL: 'http://127.0.0.1:9',
        PLATFORM_TENANT_ID: 't',
        PLATFORM_CLIENT_ID: 'c',
        PLATFORM_CLIENT_SECRET: 'a-secret-that-is-long-enough',
        PLATFORM_SCOPE: 's',
      }).logLevel,
    ).toBe('info');
  });

  it('refuses comfort bands that are not a band, naming the variable and the form it takes', () => {
    expect(
      loadConfig({ COMFORT_TEMPERATURE_C: '21.5 – 25' }).comfortBands.temperature,
    ).toMatchObject({
      low: 21.5,
      high: 25,
    });
    const problems = problemsOf({
      COMFORT_TEMPERATURE_C: '26-22',
      COMFORT_HUMIDITY_PERCENT: 'dry',
      COMFORT_CO2_MAX_PPM: '50',
    });
    expect(problems).toMatch(
      /COMFORT_TEMPERATURE_C: must be the temperature band as low-high, e\.g\. 20-24/,
    );
    expect(problems).toMatch(/COMFORT_HUMIDITY_PERCENT: must be the humidity band as low-high/);
    expect(problems).toMatch(/COMFORT_CO2_MAX_PPM: /);
  });

  it('reads bands per type of room, at every site or one, and refuses what is not a band', () => {
    const rules = loadConfig({
      COMFORT_BANDS_BY_TYPE:
        'ServerRoom: temperature 16-28, humidity 65; site-7/Office: temperature 21-25, co2 1200; Storage: none',
    }).comfortSpaceBands;
    expect(rules).toEqual([
      {
        site: null,
        type: 'ServerRoom',
        bands: {
          temperature: {
            low: 16,
            high: 28,
            unit: '°C',
            source: 'set for this Storey for ServerRoom rooms',
          },
          humidity: { high: 65, unit: '%', source: 'set for this Storey for ServerRoom rooms' },
        },
      },
      {
        site: 'site-7',
        type: 'Office',
        bands: {
          temperature: expect.objectContaining({ low: 21, high: 25, unit: '°C' }),
          co2: expect.objectContaining({ high: 1200, unit: 'ppm' }),
        },
      },
      { site: null, type: 'Storage', bands: {} },
    ]);
    expect(rules[1]!.bands.co2!.source).toBe('set for this Storey for Office rooms at site site-7');
    const problems = problemsOf({ COMFORT_BANDS_BY_TYPE: 'ServerRoom: temperature 28-16; Lab' });
    expect(problems).toMatch(
      /COMFORT_BANDS_BY_TYPE: "ServerRoom: temperature 28-16": "temperature 28-16" is not a kind and its limits/,
    );
    expect(problems).toMatch(/"Lab": not a type and its bands/);
  });

  it('reads the comfort hours as days and local hours, or always, and refuses anything else', () => {
    expect(loadConfig({}).comfortHours).toEqual({
      days: [1, 2, 3, 4, 5],
      from: '07:00',
      to: '19:00',
      label: 'weekdays 07:00–19:00',
    });
    expect(loadConfig({ COMFORT_HOURS: 'Mon-Sat 06:30-20:00' }).comfortHours).toMatchObject({
      days: [1, 2, 3, 4, 5, 6],
      label: 'Mon, Tue, Wed, Thu, Fri, Sat 06:30–20:00',
    });
    expect(loadConfig({ COMFORT_HOURS: 'fri-mon, wed 08:00-24:00' }).comfortHours).toMatchObject({
      days: [0, 1, 3, 5, 6],
      to: '24:00',
    });
    expect(loadConfig({ COMFORT_HOURS: 'always' }).comfortHours).toMatchObject({
      days: [0, 1, 2, 3, 4, 5, 6],
      label: 'around the clock',
    });
    for (const wrong of ['weekdays', 'Mon-Fri 19:00-07:00', 'Mon-Fri 7-19', 'Xyz 07:00-19:00'])
      expect(problemsOf({ COMFORT_HOURS: wrong }), wrong).toMatch(
        /COMFORT_HOURS: must be days and local hours, e\.g\. "Mon-Fri 07:00-19:00"/,
      );
  });
});

describe('alarm webhooks', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  it('takes a URL and its signing secret together, and the addresses allowed beyond the public', () => {
    expect(
      loadConfig({
        WEBHOOK_URL: 'https://hooks.example.test/storey',
        WEBHOOK_SECRET: secret,
        WEBHOOK_ALLOW_ADDRESSES: '10.0.0.0/8, 192.168.1.5',
      }).notifications.webhook,
    ).toEqual({
      url: 'https://hooks.example.test/storey',
      secret,
      allowAddresses: ['10.0.0.0/8', '192.168.1.5'],
    });
    expect(loadConfig({}).notifications.webhook).toBeUndefined();
    expect(problemsOf({ WEBHOOK_URL: 'https://hooks.example.test/storey' })).toMatch(
      /WEBHOOK_URL and WEBHOOK_SECRET go together/,
    );
    const weak = problemsOf({
      WEBHOOK_URL: 'https://hooks.example.test/',
      WEBHOOK_SECRET: 'hunter2',
    });
    expect(weak).toMatch(/WEBHOOK_SECRET: must be a Standard Webhooks secret/);
    expect(weak).not.toContain('hunter2');
    expect(
      problemsOf({ WEBHOOK_URL: 'ftp://hooks.example.test/', WEBHOOK_SECRET: secret }),
    ).toMatch(/WEBHOOK_URL: must be an http:\/\/ or https:\/\/ URL/);
  });
});
