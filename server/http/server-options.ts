import { randomUUID } from 'node:crypto';
import type { FastifyHttpOptions, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import type { BffConfig } from '../config.ts';
import { problem, sendProblem } from './problem.ts';

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

/** Query parameters that carry sign-in secrets (the callback's code and state, tokens). */
const secretParameters = /^(code|state|session_state|id_token|access_token|refresh_token|token)$/i;

/** The URL as logged: parameters that carry secrets keep their name, never their value. */
export function loggableUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const parameters = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // An undecodable name is logged as it came; it cannot be one of the secret names.
      }
      return secretParameters.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, question)}?${parameters.join('&')}`;
}

/**
 * Fastify's own options: request ids, limits and timeouts, and problem documents even for
 * requests that never reach a route (malformed URLs, bytes Node's parser rejects).
 */
export function serverOptions(
  config: BffConfig,
  /** false: silent; an object (tests: `{ level, stream }`) is merged over the defaults. */
  logger: false | Record<string, unknown> | undefined,
): FastifyHttpOptions<Server> {
  return {
    // Fastify gives each plugin 10 s to start. Opening the index's database is one (PGlite's
    // start and the migrations, or a PostgreSQL that answers slowly): a loaded 2-core machine
    // took longer (tests/under-load.ts), and a server that stopped there would not start at
    // all. Two minutes bounds a start that truly hangs.
    pluginTimeout: 120_000,
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: redactedLogPaths,
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: loggableUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
            ...(typeof logger === 'object' ? logger : {}),
          },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // A hop count is supported at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    // A request (headers and body) must arrive within this; a trickling client is cut with 408.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs * 2,
    // Node reads requestTimeout when the server is constructed (setting it later, as Fastify
    // does, does not arm the check), and checks on this interval (default 30 s, which would
    // double the limit).
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs / 2),
    },
    frameworkErrors: (error, _request, reply) => {
      void sendProblem(reply, 400, `The request URL is malformed (${error.code}).`);
    },
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const timedOut = (error as NodeJS.ErrnoException).code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const body = JSON.stringify(
        timedOut
          ? problem(408, 'The request took too long to arrive.')
          : problem(400, 'The HTTP request is malformed.'),
      );
      socket.end(
        `HTTP/1.1 ${timedOut ? '408 Request Timeout' : '400 Bad Request'}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  };
}
