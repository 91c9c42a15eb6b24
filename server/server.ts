import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startEmbeddedPlatform, type EmbeddedPlatform } from './embedded-platform';

export interface RunningStorey {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Starts Storey: configuration, the embedded platform when no real one is configured, the BFF. */
export async function startStorey(env: NodeJS.ProcessEnv = process.env): Promise<RunningStorey> {
  const config = loadConfig(env);
  let embedded: EmbeddedPlatform | undefined;
  if (!config.platform) embedded = await startEmbeddedPlatform(env);
  const platform = config.platform ?? embedded!.settings;

  const app = await buildApp({ config, platform });
  if (embedded) {
    app.log.info(
      { emulator: embedded.settings.baseUrl, buildings: embedded.buildingCount },
      `No PLATFORM_* variable is set: using the built-in emulator at ${embedded.settings.baseUrl}`,
    );
  } else {
    app.log.info({ platform: platform.baseUrl }, `Using the platform at ${platform.baseUrl}`);
  }
  app.addHook('onClose', async () => embedded?.close());
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return { url: `http://${host}:${port}`, app, close: () => app.close() };
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
  console.log(`\n  Storey is running at ${running.url}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
