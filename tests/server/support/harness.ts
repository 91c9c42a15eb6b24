import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type PlatformSettings } from '../../../server/config';
import {
  createEmulator,
  type Emulator,
  type EmulatorAddress,
  type EmulatorOptions,
} from '../../../server/emulator/emulator';
import type { LoggedRequest } from '../../../server/emulator/request-log';

export interface RunningPlatform {
  emulator: Emulator;
  address: EmulatorAddress;
  settings: PlatformSettings;
  /** What reached the platform since the last clear, optionally of one kind. */
  requests(kind?: LoggedRequest['kind']): LoggedRequest[];
  close(): Promise<void>;
}

export async function startPlatform(options: EmulatorOptions = {}): Promise<RunningPlatform> {
  const emulator = await createEmulator({ control: true, ...options });
  const address = await emulator.listen();
  return {
    emulator,
    address,
    settings: {
      baseUrl: address.baseUrl,
      authUrl: address.authUrl,
      tenantId: address.tenantId,
      clientId: address.clientId,
      clientSecret: address.clientSecret,
      scope: address.scope,
    },
    requests: (kind) => emulator.requests.list().filter((entry) => !kind || entry.kind === kind),
    close: () => emulator.close(),
  };
}

export interface RunningBff {
  app: FastifyInstance;
  logs: string[];
  close(): Promise<void>;
}

/** The BFF in-process (requests through inject()), talking to the platform over real HTTP. */
export async function startBff(
  platform: PlatformSettings,
  env: Record<string, string> = {},
): Promise<RunningBff> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    STATIC_DIR: 'tests/server/fixtures/no-dist',
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
  const app = await buildApp({ config, platform, logger: { level: 'info', stream } });
  await app.ready();
  return { app, logs, close: () => app.close() };
}

export async function fetchToken(
  address: EmulatorAddress,
  form: Record<string, string> = {},
  contentType = 'application/x-www-form-urlencoded',
) {
  const body = new URLSearchParams({
    client_id: address.clientId,
    client_secret: address.clientSecret,
    scope: address.scope,
    grant_type: 'client_credentials',
    ...form,
  });
  return fetch(`${address.authUrl}/${address.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: contentType.includes('json') ? JSON.stringify(Object.fromEntries(body)) : body,
  });
}

export async function accessToken(address: EmulatorAddress): Promise<string> {
  const response = await fetchToken(address);
  return ((await response.json()) as { access_token: string }).access_token;
}

export const csrf = { 'x-csrf': '1' } as const;
