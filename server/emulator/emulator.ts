import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createAccessTokenIssuer } from './access-tokens.ts';
import {
  apiFaultKinds,
  createFaultController,
  faultSettingsSchema,
  type ApiFaultKind,
  type FaultController,
  type FaultSettings,
} from './faults.ts';
import { isIntrospectionQuery, registerGraphqlApi } from './graphql-api.ts';
import { createPlatformSchema, type SchemaMode } from './graphql-schema.ts';
import { registerIdentityProvider, type ClientCredentials } from './identity-provider.ts';
import {
  generatePortfolio,
  resolvePortfolioOptions,
  type Portfolio,
  type PortfolioProfile,
} from './portfolio.ts';
import { createRandom } from './random.ts';
import { createRequestLog, type LoggedRequest, type RequestLog } from './request-log.ts';
import { registerRestApi } from './rest-api.ts';
import type { ApiType } from './rest-parameters.ts';
import { listKindOf, reshapeGraphql, reshapeList, type PlatformVariant } from './variants.ts';

export interface EmulatorOptions {
  seed?: string | undefined;
  buildings?: number | undefined;
  profile?: PortfolioProfile | undefined;
  tokenLifetimeSeconds?: number | undefined;
  /** The real service refuses tokens a little before `exp`; 0 by default. */
  rejectTokensSecondsEarly?: number | undefined;
  /** `spec`: serve only the GraphQL fields the interface specification shows (default `full`). */
  schema?: SchemaMode | undefined;
  /**
   * Another platform than the emulator's own (variants.ts): `lean` sends only what the
   * specification shows (and implies the spec's schema, no devices, no history), `hostile` sends
   * valid JSON of unexpected shapes. Default `full`.
   */
  variant?: PlatformVariant | undefined;
  /** The emulator's time for the tokens it issues and checks (default: the system clock). */
  now?: (() => number) | undefined;
  /** Serve the historical-values endpoints (default true); false answers them 404, as a platform without them. */
  history?: boolean | undefined;
  /**
   * Serve `/api/Buildings/{id}/Spaces` (default: where devices are served); false answers it 404,
   * as a platform whose rooms' types Storey cannot read.
   */
  spaceLists?: boolean | undefined;
  /** The API types the credential is enabled for (default all); one left out answers 403. */
  apiTypes?: readonly ApiType[] | undefined;
  /** Exposes /__control (fault settings and the request log) over HTTP. */
  control?: boolean | undefined;
  faults?: Partial<FaultSettings> | undefined;
  credentials?: Partial<ClientCredentials> | undefined;
}

export interface EmulatorAddress extends ClientCredentials {
  baseUrl: string;
  authUrl: string;
}

export interface Emulator {
  app: FastifyInstance;
  portfolio: Portfolio;
  credentials: ClientCredentials;
  faults: FaultController;
  requests: RequestLog;
  listen(options?: { host?: string; port?: number }): Promise<EmulatorAddress>;
  close(): Promise<void>;
}

export const identityPrefix = '/identity';
const controlPrefix = '/__control';

export function defaultCredentials(seed: string): ClientCredentials {
  const random = createRandom(`${seed}:credentials`);
  const applicationId = random.guid();
  return {
    tenantId: random.guid(),
    clientId: random.guid(),
    clientSecret: `emu8Q~${random.guid().replaceAll('-', '')}`,
    scope: `api://${applicationId}/.default`,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const gatewayPage =
  '<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body><h1>403 Forbidden</h1><p>Request blocked by the gateway.</p></body></html>';

async function injectFault(
  kind: ApiFaultKind,
  request: FastifyRequest,
  reply: FastifyReply,
  settings: FaultSettings,
): Promise<void> {
  switch (kind) {
    case '500':
    case '503':
      await reply
        .code(Number(kind))
        .type('application/problem+json')
        .send({
          type: 'https://tools.ietf.org/html/rfc9110#section-15.6',
          title:
            kind === '500'
              ? 'An error occurred while processing your request.'
              : 'Service Unavailable',
          status: Number(kind),
          traceId: request.id,
        });
      return;
    case '502':
    case '504':
      await reply
        .code(Number(kind))
        .type('text/html')
        .send(`<html><body><h1>${kind} Gateway error</h1></body></html>`);
      return;
    case '429':
      await reply.code(429).send();
      return;
    case '429-retry-after':
      await reply.code(429).header('retry-after', String(settings.retryAfterSeconds)).send();
      return;
    case 'gateway-403':
      await reply.code(403).type('text/html').send(gatewayPage);
      return;
    case 'malformed-json':
      await reply.code(200).type('application/json').send('[{"id":"0b5e", "name": ');
      return;
    case 'drop-connection': {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      reply.raw.write('[{"id":"');
      // Let the partial body leave before the socket is cut.
      setTimeout(() => reply.raw.destroy(), 20);
      return;
    }
    case 'hang':
      reply.hijack();
      return;
  }
}

/** Successful JSON answers as the variant sends them (variants.ts), reshaped as they leave. */
function reshapeAnswers(app: FastifyInstance, variant: PlatformVariant) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const path = request.url.split('?')[0] ?? '';
    if (path.toLowerCase() === '/graphql') {
      const variables = (request.body as { variables?: Record<string, unknown> } | undefined)
        ?.variables;
      return JSON.stringify(reshapeGraphql(variant, JSON.parse(payload), variables ?? {}));
    }
    const kind = listKindOf(path);
    if (!kind) return payload;
    const query = new URLSearchParams(request.url.slice(path.length + 1));
    const skipText = [...query].find(([name]) => name.toLowerCase() === 'skip')?.[1];
    const shaped = reshapeList(
      variant,
      kind,
      JSON.parse(payload) as Array<Record<string, unknown>>,
      Number(skipText ?? 0) || 0,
    );
    if (shaped.totalCount !== undefined) void reply.header('x-total-count', shaped.totalCount);
    return JSON.stringify(shaped.records);
  });
}

/** Every call but the control API's, in the log the control API and tests read. */
function logRequests(app: FastifyInstance, requests: RequestLog): void {
  const entries = new WeakMap<FastifyRequest, LoggedRequest>();
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    const lower = path.toLowerCase();
    if (lower.startsWith(controlPrefix)) return;
    const entry: LoggedRequest = {
      at: new Date().toISOString(),
      kind: lower.startsWith(identityPrefix)
        ? 'token'
        : lower.startsWith('/api/')
          ? 'rest'
          : lower === '/graphql'
            ? 'graphql'
            : 'other',
      method: request.method,
      path,
      query: Object.fromEntries(new URLSearchParams(request.url.slice(path.length + 1))),
      headers: {
        authorization: request.headers.authorization,
        'x-api-version': request.headers['x-api-version'] as string | undefined,
        'x-request-type': request.headers['x-request-type'] as string | undefined,
        'content-type': request.headers['content-type'],
      },
    };
    entries.set(request, entry);
    requests.add(entry);
  });
  app.addHook('preHandler', async (request) => {
    const entry = entries.get(request);
    if (entry && request.body !== undefined) {
      entry.body = request.body;
      if (
        entry.kind === 'graphql' &&
        isIntrospectionQuery((request.body as { query?: unknown }).query)
      )
        entry.kind = 'introspection';
    }
  });
}

/** The configured faults, on API calls only (the identity provider has its own). */
function injectFaults(app: FastifyInstance, faults: FaultController): void {
  app.addHook('onRequest', async (request, reply) => {
    const lower = request.url.toLowerCase();
    if (!lower.startsWith('/api/') && !lower.startsWith('/graphql')) return;
    const delay = faults.delayMs();
    if (delay > 0) await sleep(delay);
    if (faults.takeUnauthorized()) {
      return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send();
    }
    const kind = faults.drawApiFault();
    if (kind) await injectFault(kind, request, reply, faults.current());
  });
}

/** The control API: read and change the faults, read and clear the request log. */
function registerControl(
  app: FastifyInstance,
  faults: FaultController,
  requests: RequestLog,
): void {
  app.get(`${controlPrefix}/faults`, async () => ({
    settings: faults.current(),
    kinds: apiFaultKinds,
    injected: faults.injectedCount(),
  }));
  app.put(`${controlPrefix}/faults`, async (request, reply) => {
    const patch = faultSettingsSchema.partial().safeParse(request.body);
    if (!patch.success) return reply.code(400).send({ error: patch.error.issues });
    return { settings: faults.update(patch.data) };
  });
  app.delete(`${controlPrefix}/faults`, async () => ({ settings: faults.reset() }));
  app.get(`${controlPrefix}/requests`, async () => ({ requests: requests.list() }));
  app.delete(`${controlPrefix}/requests`, async () => {
    requests.clear();
    return { requests: [] };
  });
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const portfolioOptions = resolvePortfolioOptions(options);
  const portfolio = generatePortfolio(portfolioOptions);
  const credentials: ClientCredentials = {
    ...defaultCredentials(portfolioOptions.seed),
    ...options.credentials,
  };
  const faults = createFaultController(options.faults);
  const requests = createRequestLog();
  const tokens = createAccessTokenIssuer({
    lifetimeSeconds: options.tokenLifetimeSeconds ?? 3599,
    rejectSecondsEarly: options.rejectTokensSecondsEarly ?? 0,
    now: options.now ?? Date.now,
  });

  const app = Fastify({
    routerOptions: { caseSensitive: false },
    bodyLimit: 1024 * 1024,
    logger: false,
    forceCloseConnections: true,
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  logRequests(app, requests);
  injectFaults(app, faults);

  const variant = options.variant ?? 'full';
  // The lean platform shows what the specification shows, and nothing beyond it.
  const schema = options.schema ?? (variant === 'lean' ? 'spec' : 'full');
  if (variant !== 'full') reshapeAnswers(app, variant);

  registerIdentityProvider(app, { prefix: identityPrefix, credentials, tokens, faults });
  registerRestApi(app, {
    portfolio,
    history: options.history ?? variant !== 'lean',
    // The spec-only platform knows nothing of devices or current values.
    devices: schema === 'full' && variant !== 'lean',
    spaceLists: options.spaceLists ?? (schema === 'full' && variant !== 'lean'),
    apiTypes: options.apiTypes,
    now: options.now,
    hasValidToken: async (request) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      return match?.[1] !== undefined && (await tokens.verify(match[1]));
    },
  });
  registerGraphqlApi(app, {
    schema: createPlatformSchema(portfolio, {
      partialErrors: () => faults.current().graphqlPartialErrors,
      mode: schema,
    }),
    verifyToken: (token) => tokens.verify(token),
  });

  if (options.control) registerControl(app, faults, requests);

  return {
    app,
    portfolio,
    credentials,
    faults,
    requests,
    async listen({ host = '127.0.0.1', port = 0 } = {}) {
      await app.listen({ host, port });
      const address = app.server.address();
      if (address === null || typeof address === 'string')
        throw new Error('The emulator did not bind a TCP port');
      const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      return { ...credentials, baseUrl, authUrl: `${baseUrl}${identityPrefix}` };
    },
    close: () => app.close(),
  };
}
