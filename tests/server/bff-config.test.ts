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
