import fp from 'fastify-plugin';
import type { Metrics } from './metrics.ts';
import { sendProblem } from './problem.ts';

/**
 * What every request goes through, whatever route it reaches: a request id in the answer, the
 * request-target form checked, the response counted, and during shutdown answers that close their
 * connection so close() does not wait on keep-alive.
 */
export const lifecycle = fp<{ metrics: Metrics }>(async (app, { metrics }) => {
  // The hooks every request passes through take callbacks, not promises: no promise and no
  // extra turn of the microtask queue per hook per request (docs/benchmarks.md, Peers).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Only origin-form targets ("/path"): an absolute-form "http://x/api/…" or "*" is not how a
    // browser talks to its own origin, and is refused before any route sees it.
    if (!request.raw.url?.startsWith('/')) {
      void sendProblem(reply, 400, 'The request target must be a path starting with "/".');
      return;
    }
    // One Host: with two, a proxy and Storey may each read a different one (security review L8).
    let hosts = 0;
    const raw = request.raw.rawHeaders;
    for (let index = 0; index < raw.length; index += 2)
      if (raw[index]!.length === 4 && raw[index]!.toLowerCase() === 'host') hosts += 1;
    if (hosts > 1) {
      void sendProblem(reply, 400, 'The request carries more than one Host header.');
      return;
    }
    done();
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.countResponse(reply.statusCode);
    // An answer streaming when shutdown began had already promised keep-alive; once it is sent,
    // end its connection, or close() would wait for the browser's keep-alive to run out.
    // (The response has let go of its socket by now; the request still holds it.)
    if (closing) request.raw.socket.end();
    done();
  });
});
