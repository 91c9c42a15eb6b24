import { z } from 'zod';
import { comfortEnvironment, comfortHoursSetting } from '../comfort-settings.ts';
import { ConfigError } from './config-error.ts';

/**
 * The environment variables Storey reads, each checked alone (config.ts then checks the rules
 * between them and maps them to settings).
 */

/** The longest history range relayed by default: a year, leap day included (days of 24 hours). */
export const defaultHistoryMaxDays = 366;

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
const flag = z.enum(['true', 'false']).default('false');
const port = z.coerce.number().int().min(0).max(65_535);

const queryParameterName = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/,
    'must be a query parameter name (letters, digits, _ . -)',
  );

export const environmentSchema = z.object({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  PLATFORM_BASE_URL: httpUrl.optional(),
  PLATFORM_AUTH_URL: httpUrl.optional(),
  PLATFORM_TENANT_ID: nonEmpty.optional(),
  PLATFORM_CLIENT_ID: nonEmpty.optional(),
  PLATFORM_CLIENT_SECRET: nonEmpty.optional(),
  PLATFORM_SCOPE: nonEmpty.optional(),
  PLATFORM_API_VERSION: z.enum(['2.0', '3.0']).default('3.0'),
  PLATFORM_GRAPHQL_AUTH: z.enum(['token', 'bearer']).default('token'),
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  PLATFORM_MAX_ANSWER_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  PLATFORM_MAX_HISTORY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(32 * 1024 * 1024),
  RELAY_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(4 * 1024 * 1024 * 1024)
    .default(128 * 1024 * 1024),
  ANSWER_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  REQUESTS_IN_FLIGHT_MAX: z.coerce.number().int().min(1).max(10_000).default(16),
  PLATFORM_HISTORY_PATH: z
    .string()
    .trim()
    .regex(
      /^\/[A-Za-z0-9/_.{}-]*$/,
      'must be a path starting with "/" (letters, digits, "/", "-", "_", ".", {level}, {id})',
    )
    .refine((value) => value.includes('{id}'), 'must contain {id}')
    .refine(
      (value) => !/[{}]/.test(value.replace(/\{(level|id)\}/g, '')),
      'may use only the placeholders {level} and {id}',
    )
    .default('/api/{level}/{id}/HistoricalValues'),
  PLATFORM_HISTORY_FROM_PARAM: queryParameterName.default('startTime'),
  PLATFORM_HISTORY_TO_PARAM: queryParameterName.default('endTime'),
  PLATFORM_HISTORY_MAX_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3660)
    .default(defaultHistoryMaxDays),
  /** Readings asked per history page (the platform's maximum is 5,000; field notes). */
  PLATFORM_HISTORY_TAKE: z.coerce.number().int().min(1).max(5000).default(5000),
  /** The most readings one history answer may hold, summed over its pages and days. */
  HISTORY_MAX_READINGS: z.coerce.number().int().min(1000).max(50_000_000).default(1_000_000),
  CACHE_TTL_SECONDS: z.coerce.number().min(0).max(3600).default(0),
  /** How long a place's current values are shared between everyone looking at it. */
  CURRENT_VALUES_TTL_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  CURRENT_VALUES_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(32),
  ...comfortEnvironment,
  /** When the bands apply, on each site's clock: "Mon-Fri 07:00-19:00" (default) or "always". */
  COMFORT_HOURS: comfortHoursSetting.optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(20_000),
  TRUST_PROXY: z.string().trim().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  STATIC_DIR: z.string().optional(),
  METRICS_PORT: port.optional(),
  METRICS_ON_MAIN_PORT: flag,
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: nonEmpty.optional(),
  OIDC_CLIENT_SECRET: nonEmpty.optional(),
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
  OIDC_ALLOWED_GROUPS: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  SESSION_STORE_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(8),
  GROUPS_REFRESH_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(15),
  PUBLIC_URL: httpUrl.optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  INDEX_DATA_DIR: z.string().trim().min(1).optional(),
  INDEX_REFRESH_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(7 * 24 * 60)
    .default(60),
  INDEX_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  INDEX_PAGE_SIZE: z.coerce.number().int().min(10).max(5000).default(1000),
  INDEX_ADMINS: z.string().optional(),
  INDEX_READER_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a plain role name (lower case, digits, "_")')
    .default('storey_reader'),
  SCOPES_FILE: z.string().trim().min(1).optional(),
  INDEX_REFRESH_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  INDEX_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  CONDITIONS_REFRESH_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(10),
  CONDITIONS_REQUEST_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(15_000),
  ENERGY_REQUEST_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  ALARM_ON_DELAY_CHECKS: z.coerce.number().int().min(1).max(100).default(2),
  ALARM_DEADBAND_PERCENT: z.coerce.number().min(0).max(50).default(10),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z.string().trim().min(3).max(256).default('Storey <storey@localhost>'),
  NOTIFY_EVERY_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  ALARM_GROUP_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(5),
  ALARM_ESCALATE_MINUTES: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .default(30),
  WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, {
      error:
        'must be a Standard Webhooks secret: "whsec_" then at least 24 random bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  WEBHOOK_ALLOW_ADDRESSES: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F.:/,\s]+$/, {
      error: 'must be IP addresses or CIDR ranges, comma-separated',
    })
    .optional(),
  ALLOW_ANONYMOUS: flag,
  ALLOW_INSECURE_HTTP: flag,
});

export type EnvironmentValues = z.infer<typeof environmentSchema>;

/** The variables, each checked alone; a problem names the variable, never echoes its value. */
export function parseEnvironment(env: NodeJS.ProcessEnv): EnvironmentValues {
  // An empty variable means "not set", as in most shells' `FOO= npm start`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      // Never echo a secret's value back, even in an error about it.
      return `${name}: ${issue.message}`;
    }),
  );
}
