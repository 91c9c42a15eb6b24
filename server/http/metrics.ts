import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per app instance, so tests can build many apps without clashing metric names. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'storey_' });
  return {
    registry,
    upstreamSeconds: new Histogram({
      name: 'storey_upstream_request_duration_seconds',
      help: 'Time the platform took to answer, by interface and status (0 = no answer).',
      labelNames: ['kind', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers: [registry],
    }),
    tokenRequests: new Counter({
      name: 'storey_token_requests_total',
      help: 'Token requests sent to the identity provider, by outcome.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    responses: new Counter({
      name: 'storey_responses_total',
      help: 'Responses sent by the BFF, by status.',
      labelNames: ['status'],
      registers: [registry],
    }),
    coalesced: new Counter({
      name: 'storey_coalesced_requests_total',
      help: 'Reads answered by sharing an identical call already in flight.',
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
