import fp from 'fastify-plugin';
import type { Metrics } from './metrics.ts';
import { sendProblem } from './problem.ts';

/**
 * What every request goes through, whatever route it reaches: a request id in the answer, the
 * request-target form checked, the response counted, and during shutdown answers that close their
 * connection so close() does not wait on keep-alive.
 */
export const lifecycle = fp<{ metrics: Metrics }>(async (app, { metrics }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Only origin-form targets ("/path"): an absolute-form "http://x/api/…" or "*" is not how a
    // browser talks to its own origin, and is refused before any route sees it.
    if (!request.raw.url?.startsWith('/'))
      return sendProblem(reply, 400, 'The request target must be a path starting with "/".');
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.responses.inc({ status: String(reply.statusCode) });
    // An answer streaming when shutdown began had already promised keep-alive; once it is sent,
    // end its connection, or close() would wait for the browser's keep-alive to run out.
    // (The response has let go of its socket by now; the request still holds it.)
    if (closing) request.raw.socket.end();
  });
});
