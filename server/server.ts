import type { Clock } from './clock.ts';
import { createServer } from 'node:net';
import { getHeapStatistics } from 'node:v8';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import {
  everyMilliseconds,
  memoryReducingCollection,
  startIdleCollection,
} from './http/idle-collection.ts';
import { exitWithOwner } from './cli/exit-with-owner.ts';
import {
  ConfigError,
  demoScopesFile,
  loadConfig,
  type BffConfig,
  type PlatformSettings,
  type SignInSettings,
} from './config.ts';
import { loadScopesFile } from './access/scopes-file.ts';
import type { EmbeddedPlatform } from './embedded-platform.ts';

export interface RunningStorey {
  url: string;
  app: FastifyInstance;
  /** Set when the embedded emulator's identity provider signs people in. */
  demoUsers:
    Array<{ username: string; password: string; name: string; shows?: string }> | undefined;
  /** Set when METRICS_PORT moves /metrics off the main port. */
  metricsUrl: string | undefined;
  /** Alarm e-mails go to the built-in demo's own mail server (read on the Outbox page). */
  mailStaysHere: boolean;
  close(): Promise<void>;
}

/** The port to listen on, decided before listening: the sign-in redirect address needs it. */
async function resolvePort(host: string, port: number): Promise<number> {
  if (port !== 0) return port;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

const bracketed = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * The embedded demo's grants (server/emulator/demo-scopes.yaml): its demo people show what each
 * kind of person sees, unless SCOPES_FILE says otherwise.
 */
function withDemoScopes(config: BffConfig): BffConfig {
  if (config.scopes || config.scopesOff || config.signInMode !== 'embedded') return config;
  return {
    ...config,
    scopes: loadScopesFile(demoScopesFile),
    scopesFile: demoScopesFile,
    index: { ...config.index, scopes: true },
  };
}

interface PlatformToRead {
  platform: PlatformSettings;
  provider: SignInSettings | undefined;
  /** Set when no platform is configured: the built-in emulator, its sign-in and mail. */
  embedded: EmbeddedPlatform | undefined;
}

/**
 * The platform Storey reads and who signs people in: the configured ones, or the embedded
 * platform and its sign-in provider (loaded on demand, so a production BFF never carries them).
 */
async function platformToRead(
  config: BffConfig,
  env: NodeJS.ProcessEnv,
  publicUrl: string,
): Promise<PlatformToRead> {
  if (config.platform)
    return { platform: config.platform, provider: config.signIn, embedded: undefined };
  const { startEmbeddedPlatform } = await import('./embedded-platform.ts');
  const embedded = await startEmbeddedPlatform(env, { publicUrl });
  return {
    platform: embedded.settings,
    provider: config.signIn ?? embedded.signIn,
    embedded,
  };
}

/** Says in the log what a person starting Storey must know: who can reach it, which platform. */
function logStart(app: FastifyInstance, config: BffConfig, parts: PlatformToRead): void {
  if (!parts.provider) {
    app.log.warn(
      config.allowAnonymous
        ? `Sign-in is off and ALLOW_ANONYMOUS=true: anyone who reaches ${config.host} reads the whole portfolio.`
        : 'Sign-in is off: only this machine can reach Storey.',
    );
  }
  app.log.info(
    parts.embedded
      ? `No PLATFORM_* variable is set: using the built-in emulator at ${parts.platform.baseUrl}`
      : `Using the platform at ${parts.platform.baseUrl}`,
  );
}

/** /metrics on a listener of its own (METRICS_PORT), so it can stay on an internal address. */
async function startMetricsListener(
  app: FastifyInstance,
  metrics: NonNullable<BffConfig['metrics']>,
): Promise<FastifyInstance> {
  const metricsServer = Fastify({ logger: false });
  metricsServer.get('/metrics', async (_request, reply) =>
    reply
      .header('content-type', app.metrics.registry.contentType)
      .send(await app.metrics.registry.metrics()),
  );
  await metricsServer.listen({ host: metrics.host, port: metrics.port });
  return metricsServer;
}

/** Starts Storey: configuration, the platform it reads (embedded when none is set), the BFF. */
export async function startStorey(
  env: NodeJS.ProcessEnv = process.env,
  options: {
    /** The time Storey reads (tests set it; the embedded platform keeps its own). */
    clock?: Clock;
    /** Only for tests of the BFF alone (AppOptions.withoutIndex); the CLI never passes it. */
    withoutIndex?: boolean;
  } = {},
): Promise<RunningStorey> {
  const config = withDemoScopes(loadConfig(env));
  const port = await resolvePort(config.host, config.port);
  const url = `http://${bracketed(config.host)}:${port}`;
  const publicUrl = config.publicUrl ?? url;
  const parts = await platformToRead(config, env, publicUrl);
  const { platform, provider, embedded } = parts;

  let app: FastifyInstance;
  try {
    app = await buildApp({
      // On the built-in demo, alarm e-mails go to its own SMTP server unless SMTP_URL is set.
      config:
        embedded && !config.notifications.smtpUrl
          ? {
              ...config,
              notifications: { ...config.notifications, smtpUrl: embedded.smtp.url, sink: true },
            }
          : config,
      platform,
      signIn: provider ? { provider, publicUrl } : undefined,
      // On the built-in demo the first demo user administers the index.
      ...(embedded ? { defaultIndexAdmins: embedded.indexAdmins } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.withoutIndex ? { withoutIndex: true } : {}),
    });
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  logStart(app, config, parts);

  const metricsServer = config.metrics
    ? await startMetricsListener(app, config.metrics)
    : undefined;
  // Hands a burst's garbage back once the BFF is quiet (http/idle-collection.ts).
  const idleCollection = startIdleCollection({
    responsesSent: app.metrics.responsesSent,
    heapCommitted: () => getHeapStatistics().total_heap_size,
    collect: memoryReducingCollection(),
    every: everyMilliseconds(5_000),
  });
  // After the app: its notifier, index and platform connections use the embedded platform
  // while they close.
  app.closing.addAfterApp('the metrics listener and the embedded platform', async () => {
    idleCollection.stop();
    await metricsServer?.close();
    await embedded?.close();
  });
  await app.listen({ host: config.host, port });
  // Learn what the platform offers beyond the spec now, not on the first person's request.
  void app.capabilities.current();
  // The built-in demo knows its people before they sign in: its alarms e-mail them (to the
  // demo's own mail server, read on the Outbox page) from the first window, and they can be
  // assigned alarms. Elsewhere a person is known once they have signed in.
  if (embedded && !config.signIn && app.portfolioIndex)
    for (const person of embedded.people) await app.portfolioIndex.access.recordPerson(person);
  // The portfolio index syncs now (when due) and then on its schedule.
  app.portfolioIndex?.start();
  app.notifier?.start();
  const metricsAddress = metricsServer?.server.address();
  return {
    url,
    app,
    demoUsers: embedded && !config.signIn ? embedded.demoUsers : undefined,
    mailStaysHere: Boolean(embedded && !config.notifications.smtpUrl),
    metricsUrl:
      metricsAddress && typeof metricsAddress === 'object'
        ? `http://${bracketed(config.metrics!.host)}:${metricsAddress.port}/metrics`
        : undefined,
    close: () => app.closing.closeApp(),
  };
}

/** What a person starting Storey needs to read: where it is, and who can sign in. */
export function printWelcome(
  running: Pick<RunningStorey, 'url' | 'demoUsers'> & Partial<Pick<RunningStorey, 'mailStaysHere'>>,
  url = running.url,
): void {
  console.log(`\n  Storey is running at ${url}\n`);
  if (running.demoUsers) {
    console.log("  Sign in with one of the emulator's demo users:");
    const width = Math.max(...running.demoUsers.map((user) => user.username.length));
    for (const user of running.demoUsers)
      console.log(
        `    ${user.username.padEnd(width)} / ${user.password}   (${user.name}${user.shows ? `: ${user.shows}` : ''})`,
      );
    // The demo's alarm e-mails go to its own mail server: where a newcomer reads them.
    if (running.mailStaysHere)
      console.log(
        `\n  Alarm e-mails stay on this machine: read them at ${url}/alarms/outbox as dana.`,
      );
    console.log('');
  }
}

/** The process entry: start, say where, and on SIGTERM/SIGINT finish in-flight requests before exiting. */
export async function runStorey(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let running: RunningStorey;
  try {
    running = await startStorey(env);
  } catch (error) {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Storey could not start: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  running.app.log.info(`Storey is running at ${running.url}`);
  printWelcome(running);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      const waiting = running.app.closing.pending();
      console.error(
        `Storey did not stop within 10 seconds; exiting anyway. Still waiting for: ${waiting.join(', ') || 'nothing named'}.`,
      );
      process.exit(1);
    }, 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        // Said on stderr: an orchestrator's log is where a failed shutdown is looked into.
        console.error(`Storey did not stop cleanly: ${(error as Error).stack ?? String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  exitWithOwner(() => stop('SIGTERM'), env);
}
