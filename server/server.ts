import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { SignInOptions } from './auth/sign-in';
import { ConfigError, isLoopbackHost, loadConfig, type BffConfig } from './config';
import { startEmbeddedPlatform, type EmbeddedPlatform } from './embedded-platform';
import {
  demoUsers,
  startOpenIdProvider,
  type RunningOpenIdProvider,
} from './emulator/openid-provider';

export interface RunningStorey {
  url: string;
  app: FastifyInstance;
  /** Set when the embedded emulator's identity provider signs people in. */
  demoUsers: Array<{ username: string; password: string; name: string }> | undefined;
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

async function resolveSignIn(
  config: BffConfig,
  embedded: EmbeddedPlatform | undefined,
  publicUrl: string,
): Promise<{ signIn: SignInOptions | undefined; provider: RunningOpenIdProvider | undefined }> {
  if (config.signIn)
    return {
      signIn: { provider: config.signIn, session: config.session, publicUrl },
      provider: undefined,
    };
  if (embedded) {
    // The embedded default signs people in too, through the emulator's own OpenID provider.
    const client = {
      clientId: 'storey-dashboard',
      clientSecret: randomBytes(24).toString('base64url'),
    };
    const provider = await startOpenIdProvider({
      client: {
        ...client,
        redirectUris: [`${publicUrl}/auth/callback`],
        postLogoutRedirectUris: [`${publicUrl}/`],
      },
    });
    return {
      signIn: {
        provider: { issuer: provider.issuer, ...client, allowedDomains: [], allowedGroups: [] },
        session: config.session,
        publicUrl,
      },
      provider,
    };
  }
  if (!isLoopbackHost(config.host) && !config.allowAnonymous) {
    throw new ConfigError([
      `Storey will not listen on ${config.host} without sign-in: anyone who reaches it would read the whole portfolio. Set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and SESSION_SECRET, listen on a loopback address (HOST=127.0.0.1), or set ALLOW_ANONYMOUS=true to accept the risk.`,
    ]);
  }
  return { signIn: undefined, provider: undefined };
}

/** Starts Storey: configuration, the embedded platform when no real one is configured, the BFF. */
export async function startStorey(env: NodeJS.ProcessEnv = process.env): Promise<RunningStorey> {
  const config = loadConfig(env);
  let embedded: EmbeddedPlatform | undefined;
  if (!config.platform) embedded = await startEmbeddedPlatform(env);
  const platform = config.platform ?? embedded!.settings;
  const port = await resolvePort(config.host, config.port);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const publicUrl = config.publicUrl ?? `http://${host}:${port}`;
  let signIn: Awaited<ReturnType<typeof resolveSignIn>>;
  try {
    signIn = await resolveSignIn(config, embedded, publicUrl);
  } catch (error) {
    await embedded?.close();
    throw error;
  }

  const app = await buildApp({ config, platform, signIn: signIn.signIn });
  if (!signIn.signIn) {
    app.log.warn(
      isLoopbackHost(config.host)
        ? 'Sign-in is off: only this machine can reach Storey.'
        : `Sign-in is off and ALLOW_ANONYMOUS=true: anyone who reaches ${config.host} reads the whole portfolio.`,
    );
  }
  if (embedded) {
    app.log.info(
      { emulator: embedded.settings.baseUrl, buildings: embedded.buildingCount },
      `No PLATFORM_* variable is set: using the built-in emulator at ${embedded.settings.baseUrl}`,
    );
  } else {
    app.log.info({ platform: platform.baseUrl }, `Using the platform at ${platform.baseUrl}`);
  }
  app.addHook('onClose', async () => {
    await signIn.provider?.close();
    await embedded?.close();
  });
  await app.listen({ host: config.host, port });
  return {
    url: `http://${host}:${port}`,
    app,
    demoUsers: signIn.provider
      ? demoUsers.map(({ username, password, name }) => ({ username, password, name }))
      : undefined,
    close: () => app.close(),
  };
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
  if (running.demoUsers) {
    console.log("  Sign in with one of the emulator's demo users:");
    for (const user of running.demoUsers)
      console.log(`    ${user.username} / ${user.password}   (${user.name})`);
    console.log('');
  }

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
