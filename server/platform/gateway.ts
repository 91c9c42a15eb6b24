import type { Clock } from '../clock.ts';
import {
  createPlatformClient,
  type PlatformClientOptions,
  type StreamedUpstreamResponse,
  type UpstreamResponse,
} from './platform-client.ts';
import { createShield } from './shield.ts';

/** Everything the routes may ask of the platform: shielded reads and GraphQL queries. */
export interface PlatformGateway {
  get(pathAndQuery: string): Promise<UpstreamResponse>;
  /** A read whose answer is relayed as it arrives, not shared or cached (history series). */
  open(pathAndQuery: string): Promise<StreamedUpstreamResponse>;
  graphql(body: string): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

export function createPlatformGateway(
  options: PlatformClientOptions & {
    cacheTtlSeconds: number;
    clock: Clock;
    onCoalesced?: () => void;
  },
): PlatformGateway {
  const client = createPlatformClient(options);
  const shield = createShield({
    ttlSeconds: options.cacheTtlSeconds,
    now: options.clock.now,
    ...(options.onCoalesced ? { onCoalesced: options.onCoalesced } : {}),
  });
  return {
    get: (pathAndQuery) =>
      shield.get(pathAndQuery, () =>
        client.send({ method: 'GET', path: pathAndQuery, kind: 'rest' }),
      ),
    open: (pathAndQuery) => client.open({ method: 'GET', path: pathAndQuery, kind: 'rest' }),
    graphql: (body) => client.send({ method: 'POST', path: '/graphql', kind: 'graphql', body }),
    close: () => client.close(),
  };
}
