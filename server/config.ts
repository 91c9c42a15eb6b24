import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The variables that describe a real platform; all or none of them must be set. */
export const requiredPlatformVariables = [
  'PLATFORM_BASE_URL',
  'PLATFORM_AUTH_URL',
  'PLATFORM_TENANT_ID',
  'PLATFORM_CLIENT_ID',
  'PLATFORM_CLIENT_SECRET',
  'PLATFORM_SCOPE',
] as const;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));
const nonEmpty = z.string().trim().min(1, 'must not be empty');

const environmentSchema = z.object({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  PLATFORM_BASE_URL: httpUrl.optional(),
  PLATFORM_AUTH_URL: httpUrl.optional(),
  PLATFORM_TENANT_ID: nonEmpty.optional(),
  PLATFORM_CLIENT_ID: nonEmpty.optional(),
  PLATFORM_CLIENT_SECRET: nonEmpty.optional(),
  PLATFORM_SCOPE: nonEmpty.optional(),
  PLATFORM_API_VERSION: z.enum(['2.0', '3.0']).default('3.0'),
  PLATFORM_GRAPHQL_AUTH: z.enum(['token', 'bearer']).default('token'),
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  CACHE_TTL_SECONDS: z.coerce.number().min(0).max(3600).default(0),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().optional(),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: nonEmpty.optional(),
  OIDC_CLIENT_SECRET: nonEmpty.optional(),
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
  OIDC_ALLOWED_GROUPS: z.string().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 bytes').optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(12),
  PUBLIC_URL: httpUrl.optional(),
  ALLOW_ANONYMOUS: z.enum(['true', 'false']).default('false'),
});

export interface PlatformSettings {
  baseUrl: string;
  authUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export interface SignInSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sign-in is allowed only for these e-mail domains (empty: any). */
  allowedDomains: string[];
  /** Sign-in is allowed only for members of one of these groups (the `groups` claim; empty: any). */
  allowedGroups: string[];
}

export interface SessionSettings {
  /** Undefined: made up at start (sessions then end with the process). */
  secret: string | undefined;
  idleMinutes: number;
  absoluteHours: number;
}

export interface BffConfig {
  host: string;
  port: number;
  apiVersion: '2.0' | '3.0';
  graphqlAuth: 'token' | 'bearer';
  timeoutMs: number;
  cacheTtlSeconds: number;
  rateLimit: { max: number; windowMs: number };
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  staticDir: string;
  /** Undefined when no PLATFORM_* variable is set: the built-in emulator stands in. */
  platform: PlatformSettings | undefined;
  /** Undefined when no OIDC_ISSUER is set: the embedded emulator's provider, or no sign-in. */
  signIn: SignInSettings | undefined;
  session: SessionSettings;
  /** Where browsers reach Storey (for the OpenID redirect and cookie flags); default http://HOST:PORT. */
  publicUrl: string | undefined;
  allowAnonymous: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Storey cannot start, the configuration is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function loadConfig(env: NodeJS.ProcessEnv): BffConfig {
  // An empty variable means "not set", as in most shells' `FOO= npm start`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        // Never echo a secret's value back, even in an error about it.
        return `${name}: ${issue.message}`;
      }),
    );
  }
  const values = parsed.data;
  const present = requiredPlatformVariables.filter((name) => values[name] !== undefined);
  if (present.length > 0 && present.length < requiredPlatformVariables.length) {
    const missing = requiredPlatformVariables.filter((name) => values[name] === undefined);
    throw new ConfigError([
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: set all of ${requiredPlatformVariables.join(', ')} to use a real platform, or none of them to use the built-in emulator.`,
    ]);
  }
  const oidcPresent = (['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter(
    (name) => values[name] !== undefined,
  );
  if (values.OIDC_ISSUER === undefined && oidcPresent.length > 0) {
    throw new ConfigError([
      `${oidcPresent.join(', ')} ${oidcPresent.length === 1 ? 'is' : 'are'} set without OIDC_ISSUER: set OIDC_ISSUER too, or none of them.`,
    ]);
  }
  if (values.OIDC_ISSUER !== undefined) {
    const missing = (['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SESSION_SECRET'] as const).filter(
      (name) => values[name] === undefined,
    );
    if (missing.length > 0)
      throw new ConfigError([`Sign-in with OIDC_ISSUER also needs ${missing.join(', ')}.`]);
  }
  const list = (raw: string | undefined) =>
    (raw ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return {
    host: values.HOST,
    port: values.PORT,
    apiVersion: values.PLATFORM_API_VERSION,
    graphqlAuth: values.PLATFORM_GRAPHQL_AUTH,
    timeoutMs: values.PLATFORM_TIMEOUT_MS,
    cacheTtlSeconds: values.CACHE_TTL_SECONDS,
    rateLimit: { max: values.RATE_LIMIT_MAX, windowMs: values.RATE_LIMIT_WINDOW_MS },
    logLevel: values.LOG_LEVEL,
    staticDir: path.resolve(projectRoot, values.STATIC_DIR ?? 'dist'),
    platform:
      present.length === 0
        ? undefined
        : {
            baseUrl: values.PLATFORM_BASE_URL!,
            authUrl: values.PLATFORM_AUTH_URL!,
            tenantId: values.PLATFORM_TENANT_ID!,
            clientId: values.PLATFORM_CLIENT_ID!,
            clientSecret: values.PLATFORM_CLIENT_SECRET!,
            scope: values.PLATFORM_SCOPE!,
          },
    signIn:
      values.OIDC_ISSUER === undefined
        ? undefined
        : {
            issuer: values.OIDC_ISSUER,
            clientId: values.OIDC_CLIENT_ID!,
            clientSecret: values.OIDC_CLIENT_SECRET!,
            allowedDomains: list(values.OIDC_ALLOWED_DOMAINS).map((domain) => domain.toLowerCase()),
            allowedGroups: list(values.OIDC_ALLOWED_GROUPS),
          },
    session: {
      secret: values.SESSION_SECRET,
      idleMinutes: values.SESSION_IDLE_MINUTES,
      absoluteHours: values.SESSION_ABSOLUTE_HOURS,
    },
    publicUrl: values.PUBLIC_URL,
    allowAnonymous: values.ALLOW_ANONYMOUS === 'true',
  };
}

/** Loopback addresses only: what may be served without sign-in. */
export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}
