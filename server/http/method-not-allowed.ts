import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem.ts';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Every other method on `urls` answers 405 with an `allow` header naming `allowed`: a method the
 * BFF does not serve is refused in words, never handed to the SPA or answered 404. (HEAD follows
 * GET in fastify.)
 */
export function refuseOtherMethods(
  scope: FastifyInstance,
  allowed: 'GET' | 'POST' | 'DELETE',
  urls: readonly string[],
): void {
  for (const url of urls) {
    scope.route({
      method: methods.filter((method) => method !== allowed),
      url,
      handler: async (_request, reply) =>
        sendProblem(reply.header('allow', allowed), 405, `Only ${allowed} is allowed here.`),
    });
  }
}
