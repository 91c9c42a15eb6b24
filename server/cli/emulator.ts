import { createEmulator } from '../emulator/emulator.ts';
import { emulatorOptionsFromEnvironment } from '../emulator/environment.ts';

const env = process.env;
const emulator = await createEmulator(emulatorOptionsFromEnvironment(env));
const address = await emulator.listen({
  host: env.EMULATOR_HOST ?? '127.0.0.1',
  port: Number(env.EMULATOR_PORT ?? 4000),
});

console.log(`Building Platform emulator (${emulator.portfolio.buildings.length} buildings, seed "${emulator.portfolio.options.seed}")

  base URL       ${address.baseUrl}          (REST under /api, GraphQL at /graphql)
  auth URL       ${address.authUrl}
  tenant id      ${address.tenantId}
  client id      ${address.clientId}
  client secret  ${address.clientSecret}
  scope          ${address.scope}
  control API    ${env.EMULATOR_CONTROL === '1' ? `${address.baseUrl}/__control/faults and /__control/requests` : 'off (set EMULATOR_CONTROL=1)'}

To point Storey at it, in another shell:
  PLATFORM_BASE_URL=${address.baseUrl} PLATFORM_AUTH_URL=${address.authUrl} \\
  PLATFORM_TENANT_ID=${address.tenantId} PLATFORM_CLIENT_ID=${address.clientId} \\
  PLATFORM_CLIENT_SECRET='${address.clientSecret}' PLATFORM_SCOPE='${address.scope}' npm start

A token by hand:
  curl -s -X POST ${address.authUrl}/${address.tenantId}/oauth2/v2.0/token \\
    -H 'Content-Type: application/x-www-form-urlencoded' \\
    --data-urlencode client_id=${address.clientId} --data-urlencode 'client_secret=${address.clientSecret}' \\
    --data-urlencode 'scope=${address.scope}' --data-urlencode grant_type=client_credentials
`);

const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
