import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per app instance, so tests can build many apps without clashing metric names. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'storey_' });
  const upstreamSeconds = new Histogram({
    name: 'storey_upstream_request_duration_seconds',
    help: 'Time the platform took to answer, by interface and status (0 = no answer).',
    labelNames: ['kind', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  const responses = new Counter({
    name: 'storey_responses_total',
    help: 'Responses sent by the BFF, by status.',
    labelNames: ['status'],
    registers: [registry],
  });
  // Every request counts here: the labelled series are looked up once per status, not hashed
  // from a new labels object each time.
  const upstreamSeries = new Map<string, { observe(seconds: number): void }>();
  const responseSeries = new Map<number, { inc(): void }>();
  let responsesSent = 0;
  return {
    registry,
    /** Responses sent so far, all statuses: a plain number, for watching whether the BFF is busy. */
    responsesSent: () => responsesSent,
    /** How long the platform took to answer one call (status 0: no answer). */
    observeUpstream(kind: 'rest' | 'graphql', status: number, seconds: number) {
      const key = `${kind} ${status}`;
      let series = upstreamSeries.get(key);
      if (!series) {
        series = upstreamSeconds.labels({ kind, status: String(status) });
        upstreamSeries.set(key, series);
      }
      series.observe(seconds);
    },
    /** One response sent by the BFF. */
    countResponse(status: number) {
      responsesSent++;
      let series = responseSeries.get(status);
      if (!series) {
        series = responses.labels({ status: String(status) });
        responseSeries.set(status, series);
      }
      series.inc();
    },
    tokenRequests: new Counter({
      name: 'storey_token_requests_total',
      help: 'Token requests sent to the identity provider, by outcome.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    coalesced: new Counter({
      name: 'storey_coalesced_requests_total',
      help: 'Reads answered by sharing an identical call already in flight.',
      registers: [registry],
    }),
    alarmRoundSeconds: new Histogram({
      name: 'storey_alarm_round_seconds',
      help: "Time each conditions round spent bringing alarms in line with its readings: the database work in its buildings' transactions.",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    readersCut: new Counter({
      name: 'storey_relay_readers_cut_total',
      help: 'Answers cut because their browser fell too far behind (RELAY_BUFFER_BYTES).',
      registers: [registry],
    }),
    /** Reports what browsers' answers hold unread, read when /metrics is asked for. */
    watchQueuedBytes(read: () => number) {
      new Gauge({
        name: 'storey_relay_queued_bytes',
        help: 'Bytes of platform answers waiting for their browsers to read them.',
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
