import { randomBytes } from 'node:crypto';
import type { PlatformSettings, SignInSettings } from './config.ts';
import { createEmulator } from './emulator/emulator.ts';
import { emulatorOptionsFromEnvironment } from './emulator/environment.ts';
import { demoUsers, startOpenIdProvider } from './emulator/openid-provider.ts';
import { startSmtpSink, type SmtpSink } from './notifications/smtp-sink.ts';

export interface EmbeddedPlatform {
  settings: PlatformSettings;
  /** The emulator's own OpenID provider, with a client registered for this Storey. */
  signIn: SignInSettings;
  demoUsers: Array<{ username: string; password: string; name: string; shows?: string }>;
  /** Who may start a sync of the portfolio index on the demo: the first demo user. */
  indexAdmins: string[];
  /** The demo people as the index keeps people who signed in (those whose groups it can read). */
  people: Array<{ sub: string; name: string; email: string; groups: string[] }>;
  buildingCount: number;
  /** The demo's own mail system (smtp-server on loopback): where alarm e-mails go. */
  smtp: SmtpSink;
  close(): Promise<void>;
}

/**
 * The built-in platform: the emulator (REST, GraphQL, token endpoint) on a free loopback port,
 * configured by the EMULATOR_* variables, and its OpenID provider with a client for Storey at
 * `publicUrl`. Loaded with a dynamic import only when no PLATFORM_* is set.
 */
export async function startEmbeddedPlatform(
  env: NodeJS.ProcessEnv,
  options: { publicUrl: string; port?: number },
): Promise<EmbeddedPlatform> {
  const emulator = await createEmulator(emulatorOptionsFromEnvironment(env));
  const address = await emulator.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const client = {
    clientId: 'storey-dashboard',
    clientSecret: randomBytes(24).toString('base64url'),
  };
  let provider: Awaited<ReturnType<typeof startOpenIdProvider>>;
  try {
    provider = await startOpenIdProvider({
      showDemoUsers: true,
      client: {
        ...client,
        redirectUris: [`${options.publicUrl}/auth/callback`],
        postLogoutRedirectUris: [`${options.publicUrl}/`],
      },
    });
  } catch (error) {
    await emulator.close();
    throw error;
  }
  const smtp = await startSmtpSink();
  return {
    // The emulator's address carries every field of the platform settings (and no more is used).
    settings: address,
    signIn: { issuer: provider.issuer, ...client, allowedDomains: [], allowedGroups: [] },
    demoUsers: demoUsers.map(({ username, password, name, shows }) => ({
      username,
      password,
      name,
      ...(shows ? { shows } : {}),
    })),
    indexAdmins: demoUsers.slice(0, 1).map((user) => user.sub),
    people: demoUsers
      .filter((user) => !user.groupsOverage)
      .map(({ sub, name, email, groups }) => ({ sub, name, email, groups })),
    buildingCount: emulator.portfolio.buildings.length,
    smtp,
    close: async () => {
      await smtp.close();
      await provider.close();
      await emulator.close();
    },
  };
}
