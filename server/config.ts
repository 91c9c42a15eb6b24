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
});

export interface PlatformSettings {
  baseUrl: string;
  authUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  scope: string;
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
  };
}
