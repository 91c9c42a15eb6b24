import * as oidc from 'openid-client';
import type { PlatformSettings } from '../config.ts';
import { IdentityProviderError, type IssuedToken } from './token-provider.ts';

export function tokenEndpointOf(settings: Pick<PlatformSettings, 'authUrl' | 'tenantId'>): string {
  return `${settings.authUrl}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`;
}

/**
 * The client-credentials grant through openid-client, pointed at the token endpoint directly:
 * Entra ID's discovery document is not needed for this grant, and the emulator has none.
 */
export function createClientCredentialsGrant(
  settings: PlatformSettings,
  options: { timeoutMs: number },
): () => Promise<IssuedToken> {
  const tokenEndpoint = tokenEndpointOf(settings);
  const configuration = new oidc.Configuration(
    { issuer: `${settings.authUrl}/${settings.tenantId}/v2.0`, token_endpoint: tokenEndpoint },
    settings.clientId,
    undefined,
    oidc.ClientSecretPost(settings.clientSecret),
  );
  configuration.timeout = Math.ceil(options.timeoutMs / 1000);
  if (tokenEndpoint.startsWith('http:')) oidc.allowInsecureRequests(configuration);

  return async () => {
    try {
      const response = await oidc.clientCredentialsGrant(configuration, { scope: settings.scope });
      return { value: response.access_token, expiresInSeconds: response.expires_in ?? 3599 };
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError)
        throw new IdentityProviderError(error.error, error.status);
      throw new IdentityProviderError('unreachable', undefined);
    }
  };
}
