import type { FastifyInstance } from 'fastify';
import type { AccessTokenIssuer } from './access-tokens.ts';
import type { FaultController } from './faults.ts';

export interface ClientCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

type TokenError = { status: 400 | 401; error: string; description: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Entra ID's answers, with its AADSTS codes, for each way a client-credentials request goes wrong. */
function checkTokenRequest(
  tenant: string,
  contentType: string | undefined,
  form: Record<string, string>,
  expected: ClientCredentials,
): TokenError | undefined {
  if (!contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return {
      status: 400,
      error: 'invalid_request',
      description:
        "AADSTS900144: The request body must contain the following parameter: 'grant_type'.",
    };
  }
  if (tenant !== expected.tenantId) {
    return {
      status: 400,
      error: 'invalid_request',
      description: `AADSTS90002: Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID.`,
    };
  }
  for (const field of ['grant_type', 'client_id', 'client_secret', 'scope'] as const) {
    if (!form[field]) {
      return {
        status: 400,
        error: 'invalid_request',
        description: `AADSTS900144: The request body must contain the following parameter: '${field}'.`,
      };
    }
  }
  if (form.grant_type !== 'client_credentials') {
    return {
      status: 400,
      error: 'unsupported_grant_type',
      description: `AADSTS70003: The app requested an unsupported grant type '${form.grant_type}'.`,
    };
  }
  if (form.client_id !== expected.clientId) {
    return {
      status: 400,
      error: 'unauthorized_client',
      description: `AADSTS700016: Application with identifier '${form.client_id}' was not found in the directory.`,
    };
  }
  if (form.client_secret !== expected.clientSecret) {
    return {
      status: 401,
      error: 'invalid_client',
      description:
        'AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.',
    };
  }
  if (form.scope !== expected.scope) {
    return {
      status: 400,
      error: 'invalid_scope',
      description: `AADSTS70011: The provided request must include a 'scope' input parameter. The provided value for the input parameter 'scope' is not valid.`,
    };
  }
  return undefined;
}

export function registerIdentityProvider(
  app: FastifyInstance,
  options: {
    prefix: string;
    credentials: ClientCredentials;
    tokens: AccessTokenIssuer;
    faults: FaultController;
  },
): void {
  app.post<{ Params: { tenant: string } }>(
    `${options.prefix}/:tenant/oauth2/v2.0/token`,
    async (request, reply) => {
      const faults = options.faults.current();
      if (faults.tokenEndpoint === 'down') {
        // A refused connection looks like this to the caller: no status line at all.
        request.raw.socket.destroy();
        return reply.hijack();
      }
      if (faults.tokenEndpoint === 'slow') await sleep(faults.tokenDelayMs);

      const form = (
        typeof request.body === 'object' && request.body !== null ? request.body : {}
      ) as Record<string, string>;
      const failure = checkTokenRequest(
        request.params.tenant,
        request.headers['content-type'],
        form,
        options.credentials,
      );
      if (failure) {
        return reply.code(failure.status).send({
          error: failure.error,
          error_description: `${failure.description}\r\nTrace ID: ${request.id}\r\nTimestamp: ${new Date().toISOString()}`,
          error_codes: [Number(failure.description.slice(6, failure.description.indexOf(':')))],
          timestamp: new Date().toISOString(),
        });
      }
      const audience = options.credentials.scope.replace(/\/\.default$/, '');
      const accessToken = await options.tokens.issue({
        tenantId: options.credentials.tenantId,
        clientId: options.credentials.clientId,
        audience,
      });
      return reply.header('cache-control', 'no-store').send({
        token_type: 'Bearer',
        expires_in: options.tokens.lifetimeSeconds,
        ext_expires_in: options.tokens.lifetimeSeconds,
        access_token: accessToken,
      });
    },
  );
}
