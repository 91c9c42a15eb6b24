import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../../../server/app';
import type { Clock } from '../../../server/clock';
import { loadConfig, type PlatformSettings } from '../../../server/config';
import {
  createEmulator,
  type Emulator,
  type EmulatorAddress,
  type EmulatorOptions,
} from '../../../server/emulator/emulator';
import type { LoggedRequest } from '../../../server/emulator/request-log';
import { leakWatch } from './leak-watch';

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
    settings: address,
    requests: (kind) => emulator.requests.list().filter((entry) => !kind || entry.kind === kind),
    close: () => emulator.close(),
  };
}

/**
 * A STATIC_DIR with no dashboard build in it (the directory does not exist): the BFF under test
 * serves its API without the SPA, so no test depends on `npm run build` having run.
 */
export const noBuiltDashboard = 'tests/server/fixtures/no-dist';

// Every BFF started here reports what it answered and logged, and the secrets it was given, to
// the file's leak watch (leak-scan.ts checks it after the file's tests).
const { captured, secrets } = leakWatch;

export interface RunningBff {
  app: FastifyInstance;
  logs: string[];
  close(): Promise<void>;
}

/** The BFF in-process (requests through inject()), talking to the platform over real HTTP. */
export async function startBff(
  platform: PlatformSettings,
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    signIn?: AppOptions['signIn'];
    indexWait?: AppOptions['indexWait'];
    /** Hooks a test adds to watch the app (they must come before it is ready). */
    beforeReady?: (app: FastifyInstance) => void;
    /**
     * With the portfolio index (a database of its own): the index's tests. The BFF's own tests
     * do not pay for a database they do not read, so without by default (`withoutIndex`).
     */
    index?: boolean;
  } = {},
): Promise<RunningBff> {
  const logs: string[] = [];
  secrets.add(platform.clientSecret);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      captured.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    STATIC_DIR: noBuiltDashboard,
    RATE_LIMIT_MAX: '100000',
    // Tests stand in for many people at once from one address; the limits' own tests lower these.
    REQUESTS_IN_FLIGHT_MAX: '10000',
    ...env,
  });
  const app = await buildApp({
    config,
    platform,
    logger: { level: 'info', stream },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.signIn ? { signIn: options.signIn } : {}),
    ...(options.indexWait ? { indexWait: options.indexWait } : {}),
    withoutIndex: !options.index,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    captured.push(
      JSON.stringify(reply.getHeaders()),
      typeof payload === 'string' || Buffer.isBuffer(payload) ? String(payload) : '',
    );
    return payload;
  });
  options.beforeReady?.(app);
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

/** A BFF in front of an emulator of its own, for the whole test file (started before, closed after). */
export function bffWithPlatform(
  bffEnv: Record<string, string> = {},
  platformOptions: EmulatorOptions = {},
) {
  const context = {} as { platform: RunningPlatform; bff: RunningBff };
  beforeAll(async () => {
    context.platform = await startPlatform(platformOptions);
    context.bff = await startBff(context.platform.settings, bffEnv);
  });
  afterAll(async () => {
    await context.bff?.close();
    await context.platform?.close();
  });
  return context;
}

/** The six PLATFORM_* variables that point Storey at a platform (a test's emulator). */
export function platformVariables(settings: PlatformSettings): Record<string, string> {
  return {
    PLATFORM_BASE_URL: settings.baseUrl,
    PLATFORM_AUTH_URL: settings.authUrl,
    PLATFORM_TENANT_ID: settings.tenantId,
    PLATFORM_CLIENT_ID: settings.clientId,
    PLATFORM_CLIENT_SECRET: settings.clientSecret,
    PLATFORM_SCOPE: settings.scope,
  };
}
