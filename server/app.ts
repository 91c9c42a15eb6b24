import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { registerSignIn, type SignInOptions } from './auth/sign-in';
import type { BffConfig, PlatformSettings } from './config';
import { createMetrics } from './http/metrics';
import { HttpProblem, problem, sendProblem } from './http/problem';
import { createClientCredentialsGrant } from './platform/client-credentials';
import { createPlatformGateway } from './platform/gateway';
import { UpstreamTimeoutError, UpstreamUnavailableError } from './platform/platform-client';
import {
  IdentityProviderError,
  createTokenProvider,
  type IssuedToken,
} from './platform/token-provider';
import { registerGraphqlProxy } from './routes/graphql-proxy';
import { registerOperations } from './routes/operations';
import { registerRestProxy } from './routes/rest-proxy';
import { isApiPath, registerSpa } from './routes/spa';

export interface AppOptions {
  config: BffConfig;
  platform: PlatformSettings;
  /** Pino options or instance; tests pass a stream to read what is logged. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Replaces the OAuth grant (unit tests of the token lifecycle); real runs leave it out. */
  requestToken?: () => Promise<IssuedToken>;
  /** People sign in (OpenID Connect) before the API answers them; absent: no sign-in (loopback only). */
  signIn?: SignInOptions | undefined;
}

const getRoutes = ['/api/Sites', '/api/Buildings', '/api/Buildings/:buildingId/Floors'];

/** Paths and headers whose values must never reach a log line. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'access_token',
  'client_secret',
  '*.access_token',
  '*.client_secret',
];

function methodNotAllowed(allowed: string) {
  return async (_request: unknown, reply: FastifyReply) =>
    sendProblem(reply.header('allow', allowed), 405, `Only ${allowed} is allowed here.`);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, platform } = options;
  const loggerOption =
    options.logger && typeof (options.logger as FastifyBaseLogger).info === 'function'
      ? { loggerInstance: options.logger as FastifyBaseLogger }
      : {
          logger: (options.logger as FastifyServerOptions['logger']) ?? {
            level: config.logLevel,
            redact: redactedLogPaths,
          },
        };

  const app = Fastify({
    ...loggerOption,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // Malformed URLs and requests rejected by Node's HTTP parser still get a problem document.
    frameworkErrors: (error, _request, reply) => {
      void sendProblem(reply, 400, `The request URL is malformed (${error.code}).`);
    },
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify(problem(400, 'The HTTP request is malformed.'));
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  // The only body the BFF takes is GraphQL's JSON; anything else is 415, not parsed.
  app.removeContentTypeParser('text/plain');

  const metrics = createMetrics();
  const grant =
    options.requestToken ?? createClientCredentialsGrant(platform, { timeoutMs: config.timeoutMs });
  const tokens = createTokenProvider({
    requestToken: async () => {
      try {
        const token = await grant();
        metrics.tokenRequests.inc({ outcome: 'ok' });
        return token;
      } catch (error) {
        metrics.tokenRequests.inc({ outcome: 'failed' });
        throw error;
      }
    },
  });
  const gateway = createPlatformGateway({
    baseUrl: platform.baseUrl,
    tokens,
    apiVersion: config.apiVersion,
    graphqlAuth: config.graphqlAuth,
    timeoutMs: config.timeoutMs,
    cacheTtlSeconds: config.cacheTtlSeconds,
    onCoalesced: () => metrics.coalesced.inc(),
    onUpstreamResponse: (kind, status, seconds) =>
      metrics.upstreamSeconds.observe({ kind, status: String(status) }, seconds),
  });
  app.addHook('onClose', () => gateway.close());

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time; scripts stay strictly external.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    allowList: (request) => !isApiPath(request.url),
    errorResponseBuilder: (_request, context) =>
      new HttpProblem(
        429,
        `Too many requests: at most ${context.max} per ${Math.round(context.ttl / 1000)} s. Try again shortly.`,
      ),
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A custom header cannot be sent cross-site without a CORS preflight, which the BFF never grants.
    if (
      (isApiPath(request.url) || request.url.startsWith('/auth/logout')) &&
      request.headers['x-csrf'] !== '1'
    ) {
      return sendProblem(
        reply,
        403,
        'Missing the X-CSRF: 1 header that every API call must carry.',
      );
    }
  });
  // During shutdown, answers in flight close their connection so close() does not wait on keep-alive.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (_request, reply) => {
    metrics.responses.inc({ status: String(reply.statusCode) });
  });

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof HttpProblem) {
      return sendProblem(
        reply.headers(error.headers),
        error.status,
        error.detail,
        error.extensions,
      );
    }
    if (error instanceof IdentityProviderError) {
      request.log.warn({ oauthError: error.code, status: error.status }, 'token request failed');
      return sendProblem(
        reply,
        503,
        `The platform's identity provider did not issue a token (${error.code}).`,
        { oauthError: error.code },
      );
    }
    if (error instanceof UpstreamTimeoutError) return sendProblem(reply, 504, error.message);
    if (error instanceof UpstreamUnavailableError) return sendProblem(reply, 502, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return sendProblem(reply, status, (error as Error).message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, 500, 'Storey failed to handle this request. It has been logged.');
  });

  if (options.signIn) {
    await registerSignIn(app, options.signIn);
  } else {
    app.get('/auth/me', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ signIn: false, name: null, email: null }),
    );
  }

  registerRestProxy(app, gateway);
  registerGraphqlProxy(app, gateway);
  for (const url of getRoutes) {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      handler: methodNotAllowed('GET'),
    });
  }
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/graphql',
    handler: methodNotAllowed('POST'),
  });
  registerOperations(app, { gateway, tokens, metrics });
  await registerSpa(app, config.staticDir);
  return app;
}
