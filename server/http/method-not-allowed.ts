import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem.ts';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Every other method on `urls` answers 405 with an `allow` header naming `allowed`: a method the
 * BFF does not serve is refused in words, never handed to the SPA or answered 404. (HEAD follows
 * GET in fastify.)
 */
type Allowed = 'GET' | 'POST' | 'DELETE';

export function refuseOtherMethods(
  scope: FastifyInstance,
  allowed: Allowed | readonly Allowed[],
  urls: readonly string[],
): void {
  const served: readonly string[] = typeof allowed === 'string' ? [allowed] : allowed;
  const words = served.join(' and ');
  for (const url of urls) {
    scope.route({
      method: methods.filter((method) => !served.includes(method)),
      url,
      handler: async (_request, reply) =>
        sendProblem(
          reply.header('allow', served.join(', ')),
          405,
          `Only ${words} ${served.length > 1 ? 'are' : 'is'} allowed here.`,
        ),
    });
  }
}
