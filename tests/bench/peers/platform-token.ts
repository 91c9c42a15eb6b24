/**
 * What every peer proxy does once at start, as a fair comparison with Storey needs: fetch one
 * client-credentials token from the platform's identity provider (PLATFORM_* as Storey reads them).
 */
export async function platformToken(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const response = await fetch(
    `${env.PLATFORM_AUTH_URL}/${env.PLATFORM_TENANT_ID}/oauth2/v2.0/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: env.PLATFORM_CLIENT_ID ?? '',
        client_secret: env.PLATFORM_CLIENT_SECRET ?? '',
        scope: env.PLATFORM_SCOPE ?? '',
        grant_type: 'client_credentials',
      }),
    },
  );
  if (!response.ok) throw new Error(`token request failed with ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
