import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchToken, startPlatform, type RunningPlatform } from './support/harness';

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform({ tokenLifetimeSeconds: 120 });
});
afterAll(() => platform.close());

describe('emulator identity provider (client credentials)', () => {
  it('issues the spec token response with a signed JWT that expires', async () => {
    const response = await fetchToken(platform.address);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'ext_expires_in',
      'token_type',
    ]);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 120, ext_expires_in: 120 });
    const claims = decodeJwt(String(body.access_token));
    expect(claims.exp! - Date.now() / 1000).toBeGreaterThan(118);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(121);
    expect(claims.tid).toBe(platform.address.tenantId);
  });

  it.each([
    [
      'an unknown tenant',
      { tenant: '00000000-0000-4000-8000-000000000000' },
      400,
      'invalid_request',
    ],
    ['an empty client_id', { form: { client_id: '' } }, 400, 'invalid_request'],
    ['a missing scope', { form: { scope: '' } }, 400, 'invalid_request'],
    ['another grant type', { form: { grant_type: 'password' } }, 400, 'unsupported_grant_type'],
    [
      'an unknown client id',
      { form: { client_id: '11111111-1111-4111-8111-111111111111' } },
      400,
      'unauthorized_client',
    ],
    ['a wrong secret', { form: { client_secret: 'nope' } }, 401, 'invalid_client'],
    ['a wrong scope', { form: { scope: 'api://other/.default' } }, 400, 'invalid_scope'],
  ])(
    'refuses %s with the Entra error',
    async (_case, change: { tenant?: string; form?: Record<string, string> }, status, error) => {
      const address = { ...platform.address, tenantId: change.tenant ?? platform.address.tenantId };
      const response = await fetchToken(address, change.form ?? {});
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: string; error_description: string };
      expect(body.error).toBe(error);
      expect(body.error_description).toMatch(/^AADSTS\d+: /);
    },
  );

  it('accepts form-encoded bodies only', async () => {
    const response = await fetchToken(platform.address, {}, 'application/json');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });
});
