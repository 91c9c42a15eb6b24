import type { Clock } from '../clock.ts';
import type { BffConfig, PlatformSettings } from '../config.ts';
import type { Metrics } from '../http/metrics.ts';
import { createClientCredentialsGrant } from './client-credentials.ts';
import { createPlatformGateway, type PlatformGateway } from './gateway.ts';
import { createTokenProvider, type TokenProvider } from './token-provider.ts';

/** The platform side of the BFF: the client-credentials token, counted, and the shielded gateway. */
export function createPlatformServices(options: {
  config: BffConfig;
  platform: PlatformSettings;
  metrics: Metrics;
  clock: Clock;
}): { gateway: PlatformGateway; tokens: TokenProvider } {
  const { config, platform, metrics, clock } = options;
  const grant = createClientCredentialsGrant(platform, { timeoutMs: config.timeoutMs });
  const tokens = createTokenProvider({
    now: clock.now,
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
    maxBodyBytes: config.maxAnswerBytes,
    maxHistoryBytes: config.maxHistoryBytes,
    maxQueuedBytes: config.relayBufferBytes,
    cacheTtlSeconds: config.cacheTtlSeconds,
    currentValuesTtlSeconds: config.currentValuesTtlSeconds,
    currentValuesCacheBytes: config.currentValuesCacheMb * 1024 * 1024,
    clock,
    secrets: [platform.clientSecret],
    onCoalesced: () => metrics.coalesced.inc(),
    onReaderCut: () => metrics.readersCut.inc(),
    onUpstreamResponse: metrics.observeUpstream,
  });
  metrics.watchQueuedBytes(gateway.queues.queuedBytes);
  return { gateway, tokens };
}
