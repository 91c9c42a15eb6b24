import path from 'node:path';
import { z } from 'zod';
import { clientBuildDirectory, projectRoot } from './project-root.ts';
import { defaultAlarmRules, type AlarmRules } from './portfolio-index/alarms/rules.ts';
import {
  defaultComfortHours,
  type ComfortBands,
  type ComfortHours,
} from '../src/shared/rules/comfort.ts';
import type { SpaceBandRule } from '../src/shared/rules/space-bands.ts';
import { comfortBandsFrom, comfortEnvironment, comfortHoursSetting } from './comfort-settings.ts';
import { loadScopesFile, ScopesFileError, type ScopesSettings } from './access/scopes-file.ts';

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

const environmentSchema = z.object({
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
  /** The decoded SESSION_SECRET; undefined: made up at start (sessions then end with the process). */
  secret: Uint8Array | undefined;
  idleMinutes: number;
  absoluteHours: number;
  /**
   * How often a session's groups are read again from the provider with its refresh token
   * (GROUPS_REFRESH_MINUTES, 15; 0: only at sign-in). Providers that issue no refresh token
   * leave the groups of the sign-in.
   */
  groupsRefreshMinutes: number;
  /** Where revoked sessions and used sign-in states are kept: Redis/Valkey, or this process. */
  storeUrl: string | undefined;
}

export interface HistorySettings {
  /** Path template with {level} (Buildings, Floors, Spaces) and {id}. */
  pathTemplate: string;
  fromParam: string;
  toParam: string;
  /** The longest range one request may ask for. */
  maxDays: number;
  /** Readings per platform page (`take`). */
  pageSize: number;
  /** The most readings one answer may hold; a longer one is refused before it is asked for. */
  maxReadings: number;
}

/** The portfolio index (server/portfolio-index): where it keeps its copy and how it syncs. */
export interface IndexSettings {
  /** A real PostgreSQL; undefined: the embedded PGlite in this process. */
  databaseUrl: string | undefined;
  /** Where the embedded database keeps its files; undefined: in memory. */
  dataDir: string | undefined;
  refreshMinutes: number;
  /** Platform requests in flight at once during a sync. */
  concurrency: number;
  /** Records per platform page (take). */
  pageSize: number;
  /**
   * Subjects, or verified e-mail addresses (lower case), who may start a sync on demand; the word
   * `anonymous` makes everyone one where Storey runs without sign-in.
   */
  admins: string[];
  /** The shortest time between two syncs started on demand on one instance. */
  refreshCooldownSeconds: number;
  /** The longest an index read may take before it answers 503 (INDEX_READ_TIMEOUT_MS). */
  readTimeoutMs: number;
  /** Grants decide who sees what (SCOPES_FILE is set): scoped reads run as `readerRole`. */
  scopes: boolean;
  /** The role scoped reads take, held to the row-level security policies (INDEX_READER_ROLE). */
  readerRole: string;
  /** How often the conditions refresh reads current values for "Needs attention". */
  conditionsRefreshMinutes: number;
  /** Platform requests one refresh may make at most, retries included. */
  conditionsRequestBudget: number;
  /**
   * Platform requests one energy round may make (one per meter and day: 60 per building at
   * first, then one a day); what is left is read in the next round.
   */
  energyRequestBudget: number;
  /** When readings become alarms and when they clear (ALARM_* settings, decision 0021). */
  alarms: AlarmRules;
}

export interface BffConfig {
  host: string;
  port: number;
  apiVersion: '2.0' | '3.0';
  graphqlAuth: 'token' | 'bearer';
  timeoutMs: number;
  /** Platform answers larger than this are refused (502) instead of held in memory. */
  maxAnswerBytes: number;
  /** History answers larger than this are cut (502 before the first byte, a cut answer after). */
  maxHistoryBytes: number;
  /**
   * What browsers' answers may hold unread, together: past it the answer furthest behind is cut.
   * Platform answers are never paused for a browser (security review S1, M1).
   */
  relayBufferBytes: number;
  /** A streamed answer must have left within this, or its connection is cut. */
  answerTimeoutMs: number;
  /** Requests one person (or, without sign-in, one address) may have in flight at once. */
  requestsInFlightMax: number;
  cacheTtlSeconds: number;
  /** Current values are shared this long: a hundred viewers of a floor cost one call per period. */
  currentValuesTtlSeconds: number;
  /** What kept current values may hold together (security review M2: entries alone pinned 1 GB). */
  currentValuesCacheMb: number;
  /** The bands current readings are judged against (COMFORT_*), served to the dashboard. */
  comfortBands: ComfortBands;
  /** Bands per type of room and site (COMFORT_BANDS_BY_TYPE) over space-bands.ts's defaults. */
  comfortSpaceBands: SpaceBandRule[];
  /** When the bands apply (COMFORT_HOURS), on each site's clock; served beside them. */
  comfortHours: ComfortHours;
  /** Where and how the platform's historical values are asked for (not shown in the spec). */
  history: HistorySettings;
  rateLimit: { max: number; windowMs: number };
  /** Sign-in attempts (/auth/login, /auth/callback) per address per minute. */
  authRateLimitMax: number;
  /** A request (headers and body) must arrive within this; slower ones are cut with 408. */
  requestTimeoutMs: number;
  /** Fastify's trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  logLevel: NonNullable<z.infer<typeof environmentSchema>['LOG_LEVEL']>;
  staticDir: string;
  /** When set, /metrics is served only on this port (METRICS_HOST), not beside the API. */
  metrics: { port: number; host: string } | undefined;
  /**
   * /metrics beside the API (METRICS_ON_MAIN_PORT=true): never by default, since a reverse proxy
   * on the same host forwards every path to a Storey listening on loopback.
   */
  metricsOnMainPort: boolean;
  /** Undefined when no PLATFORM_* variable is set: the built-in emulator stands in. */
  platform: PlatformSettings | undefined;
  /**
   * Who signs people in: a configured OpenID provider, the embedded emulator's provider (no
   * PLATFORM_* and no OIDC_ISSUER), or nobody (a real platform without OIDC_ISSUER, loopback only).
   */
  signInMode: 'oidc' | 'embedded' | 'off';
  /** Set when signInMode is "oidc". */
  signIn: SignInSettings | undefined;
  session: SessionSettings;
  /** Where browsers reach Storey (for the OpenID redirect and cookie flags); default http://HOST:PORT. */
  publicUrl: string | undefined;
  /** Where alarm e-mails go (SMTP_URL; the embedded default starts its own) and how often. */
  notifications: {
    smtpUrl: string | undefined;
    from: string;
    everySeconds: number;
    /** The SMTP server is the embedded default's own, in this process (its Outbox page says so). */
    sink: boolean;
    /** Unacknowledged alarms go to the next route after this long (ALARM_ESCALATE_MINUTES); 0: never. */
    escalateMs: number;
    /**
     * A signed webhook told about every new alarm (WEBHOOK_URL, WEBHOOK_SECRET). Private,
     * loopback and link-local targets are refused unless listed in WEBHOOK_ALLOW_ADDRESSES.
     */
    webhook: { url: string; secret: string; allowAddresses: string[] } | undefined;
  };
  allowAnonymous: boolean;
  index: IndexSettings;
  /**
   * Who sees which part of the portfolio (SCOPES_FILE); undefined: every signed-in person sees
   * everything. The embedded default reads the demo people's file (server/emulator/demo-scopes.yaml).
   */
  scopes: ScopesSettings | undefined;
  /** Where the grants came from, for the start's log line. */
  scopesFile: string | undefined;
  /** SCOPES_FILE=off: no grants, not even the embedded demo's. */
  scopesOff: boolean;
}

/** The grants of the embedded default's demo people (their ids are the emulator's default seed's). */
export const demoScopesFile = path.join(projectRoot, 'server/emulator/demo-scopes.yaml');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Storey cannot start, the configuration is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Loopback addresses only: what may be served without sign-in or over plain HTTP. */
export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** Words the documentation and examples use in place of a real secret. */
const placeholderPattern = /replace-?me|change-?me|changeit|example|placeholder|secret|your-/i;
const secretAdvice = 'generate one with `openssl rand -base64 48`';

/** Bits of information per character of `text`, by the frequency of its characters. */
function entropyPerCharacter(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/**
 * A secret a person wrote rather than drew (security review L3): base64 of a phrase, or a phrase
 * that happens to be valid base64. Random bytes are almost never all printable (a chance of
 * 10^-14 for 32 bytes); random base64 has both cases, and few long runs of lower-case letters
 * with as little variety as words have ("StoreyFacilityDashboard…2026": 57 % of it in runs of
 * four or more, 4.5 bits a character). Refuses about one random 32-byte secret in 8,000 and no
 * 48-byte one (`openssl rand -base64 48`, the advice given) in two million draws.
 */
function looksWritten(encoded: string, bytes: Buffer): boolean {
  if (bytes.every((byte) => byte >= 0x20 && byte < 0x7f)) return true;
  if (/^[0-9a-f]+$/i.test(encoded)) return false;
  if (!/[a-z]/.test(encoded) || !/[A-Z]/.test(encoded)) return true;
  let inWords = 0;
  for (const run of encoded.matchAll(/[a-z]{4,}/g)) inWords += run[0].length;
  return inWords / encoded.length >= 0.45 && entropyPerCharacter(encoded.replace(/=+$/, '')) < 4.6;
}

/**
 * SESSION_SECRET must be at least 32 random bytes written as hex or base64: a passphrase or a
 * documentation placeholder is refused, since anyone who guesses it can forge sessions.
 */
export function decodeSessionSecret(raw: string): Uint8Array {
  const value = raw.trim();
  if (placeholderPattern.test(value))
    throw new ConfigError([
      `SESSION_SECRET looks like a placeholder from the documentation: ${secretAdvice}.`,
    ]);
  let bytes: Buffer | undefined;
  if (/^(?:[0-9a-f]{2})+$/i.test(value)) bytes = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/]+={0,2}$/.test(value) || /^[A-Za-z0-9_-]+$/.test(value))
    bytes = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  if (!bytes)
    throw new ConfigError([
      `SESSION_SECRET must be written as hex or base64 (${value.length} characters given): ${secretAdvice}.`,
    ]);
  if (bytes.length < 32)
    throw new ConfigError([
      `SESSION_SECRET must hold at least 32 bytes; it holds ${bytes.length}: ${secretAdvice}.`,
    ]);
  // 32 random bytes almost never have fewer than 20 distinct values; "aaaa…" or "0101…" do.
  if (new Set(bytes).size < 16 || looksWritten(value, bytes))
    throw new ConfigError([
      `SESSION_SECRET is not random enough (words or text, not random bytes): ${secretAdvice}.`,
    ]);
  return new Uint8Array(bytes);
}

function parseTrustProxy(raw: string | undefined): BffConfig['trustProxy'] {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function insecureUrlProblems(values: Record<string, unknown>, names: string[]) {
  return names.flatMap((name) => {
    const value = values[name];
    if (typeof value !== 'string' || !value.startsWith('http:')) return [];
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return isLoopbackHost(host)
      ? []
      : [
          `${name} uses plain http:// to ${host}: secrets and tokens would cross the network unencrypted. Use https://, or set ALLOW_INSECURE_HTTP=true for a closed test network.`,
        ];
  });
}

type EnvironmentValues = z.infer<typeof environmentSchema>;

/** The variables, each checked alone; a problem names the variable, never echoes its value. */
function parseEnvironment(env: NodeJS.ProcessEnv): EnvironmentValues {
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

/** The real platform's settings: all six PLATFORM_* variables, or none (the emulator). */
function platformSettings(values: EnvironmentValues): {
  platform: PlatformSettings | undefined;
  problems: string[];
} {
  const present = requiredPlatformVariables.filter((name) => values[name] !== undefined);
  if (present.length === 0) return { platform: undefined, problems: [] };
  if (present.length < requiredPlatformVariables.length) {
    const missing = requiredPlatformVariables.filter((name) => values[name] === undefined);
    return {
      platform: undefined,
      problems: [
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: set all of ${requiredPlatformVariables.join(', ')} to use a real platform, or none of them to use the built-in emulator.`,
      ],
    };
  }
  return {
    platform: {
      baseUrl: values.PLATFORM_BASE_URL!,
      authUrl: values.PLATFORM_AUTH_URL!,
      tenantId: values.PLATFORM_TENANT_ID!,
      clientId: values.PLATFORM_CLIENT_ID!,
      clientSecret: values.PLATFORM_CLIENT_SECRET!,
      scope: values.PLATFORM_SCOPE!,
    },
    problems: [],
  };
}

/** OIDC_* set together, or not at all: an allow-list silently ignored would let everyone in. */
function signInProblems(values: EnvironmentValues): string[] {
  const problems: string[] = [];
  const oidcPresent = (
    ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ALLOWED_DOMAINS', 'OIDC_ALLOWED_GROUPS'] as const
  ).filter((name) => values[name] !== undefined);
  if (values.OIDC_ISSUER === undefined && oidcPresent.length > 0) {
    problems.push(
      `${oidcPresent.join(', ')} ${oidcPresent.length === 1 ? 'is' : 'are'} set without OIDC_ISSUER, and would have no effect: set OIDC_ISSUER too, or none of them.`,
    );
  }
  if (values.OIDC_ISSUER !== undefined) {
    const missing = (['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SESSION_SECRET'] as const).filter(
      (name) => values[name] === undefined,
    );
    if (missing.length > 0)
      problems.push(`Sign-in with OIDC_ISSUER also needs ${missing.join(', ')}.`);
  }
  return problems;
}

/**
 * What Storey refuses to be exposed as: readable by anyone beyond loopback without sign-in, or a
 * session cookie over plain HTTP beyond loopback.
 */
function exposureProblems(
  values: EnvironmentValues,
  signInMode: BffConfig['signInMode'],
): string[] {
  const problems: string[] = [];
  const loopback = isLoopbackHost(values.HOST);
  const allowInsecureHttp = values.ALLOW_INSECURE_HTTP === 'true';
  if (!allowInsecureHttp)
    problems.push(
      ...insecureUrlProblems(values, ['PLATFORM_BASE_URL', 'PLATFORM_AUTH_URL', 'OIDC_ISSUER']),
    );
  if (values.TRUST_PROXY === 'true' && !loopback)
    problems.push(
      `TRUST_PROXY=true would believe any X-Forwarded-For a client writes (the rate limit and the cap on requests in flight are per address): set it to the number of proxies in front of Storey (1 for one) or to their addresses.`,
    );
  if (signInMode === 'off' && !loopback && values.ALLOW_ANONYMOUS !== 'true') {
    problems.push(
      `Storey will not listen on ${values.HOST} without sign-in: anyone who reaches it would read the whole portfolio. Set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and SESSION_SECRET, listen on a loopback address (HOST=127.0.0.1), or set ALLOW_ANONYMOUS=true to accept the risk.`,
    );
  }
  if (
    signInMode !== 'off' &&
    !loopback &&
    !allowInsecureHttp &&
    !values.PUBLIC_URL?.startsWith('https:')
  ) {
    problems.push(
      `Storey listens on ${values.HOST} with sign-in, so its session cookie must travel over HTTPS: set PUBLIC_URL to the https:// address browsers use (TLS ends in front of Storey), or ALLOW_INSECURE_HTTP=true for a closed test network.`,
    );
  }
  return problems;
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const signInSettings = (values: EnvironmentValues): SignInSettings | undefined =>
  values.OIDC_ISSUER === undefined
    ? undefined
    : {
        issuer: values.OIDC_ISSUER,
        clientId: values.OIDC_CLIENT_ID!,
        clientSecret: values.OIDC_CLIENT_SECRET!,
        allowedDomains: list(values.OIDC_ALLOWED_DOMAINS).map((domain) => domain.toLowerCase()),
        allowedGroups: list(values.OIDC_ALLOWED_GROUPS),
      };

const historySettings = (values: EnvironmentValues): HistorySettings => ({
  pathTemplate: values.PLATFORM_HISTORY_PATH,
  fromParam: values.PLATFORM_HISTORY_FROM_PARAM,
  toParam: values.PLATFORM_HISTORY_TO_PARAM,
  maxDays: values.PLATFORM_HISTORY_MAX_DAYS,
  pageSize: values.PLATFORM_HISTORY_TAKE,
  maxReadings: values.HISTORY_MAX_READINGS,
});

const indexSettings = (
  values: EnvironmentValues,
  scopes: ScopesSettings | undefined,
): IndexSettings => ({
  databaseUrl: values.DATABASE_URL,
  dataDir: values.INDEX_DATA_DIR ? path.resolve(values.INDEX_DATA_DIR) : undefined,
  refreshMinutes: values.INDEX_REFRESH_MINUTES,
  concurrency: values.INDEX_SYNC_CONCURRENCY,
  pageSize: values.INDEX_PAGE_SIZE,
  admins: list(values.INDEX_ADMINS).map((admin) =>
    admin.includes('@') ? admin.toLowerCase() : admin,
  ),
  refreshCooldownSeconds: values.INDEX_REFRESH_COOLDOWN_SECONDS,
  readTimeoutMs: values.INDEX_READ_TIMEOUT_MS,
  scopes: scopes !== undefined,
  readerRole: values.INDEX_READER_ROLE,
  conditionsRefreshMinutes: values.CONDITIONS_REFRESH_MINUTES,
  conditionsRequestBudget: values.CONDITIONS_REQUEST_BUDGET,
  energyRequestBudget: values.ENERGY_REQUEST_BUDGET,
  alarms: {
    ...defaultAlarmRules,
    onDelayChecks: values.ALARM_ON_DELAY_CHECKS,
    deadband: values.ALARM_DEADBAND_PERCENT / 100,
    groupWindowMs: values.ALARM_GROUP_MINUTES * 60_000,
  },
});

/**
 * The BFF's settings from its environment: each variable checked, then the rules between them
 * (every problem found is reported at once), then each section mapped.
 */
export function loadConfig(env: NodeJS.ProcessEnv): BffConfig {
  const values = parseEnvironment(env);
  const { platform, problems } = platformSettings(values);
  problems.push(...signInProblems(values));
  // Said rather than ignored: whoever set it expects a Storey without a database (decision 0024).
  if (env.PORTFOLIO_INDEX)
    problems.push(
      'PORTFOLIO_INDEX is no longer read: every Storey keeps its portfolio index (who sees what, alarms and portfolio-wide figures are answered from it), in the embedded database or in PostgreSQL (DATABASE_URL). Remove PORTFOLIO_INDEX.',
    );
  let secret: Uint8Array | undefined;
  if (values.SESSION_SECRET !== undefined) {
    try {
      secret = decodeSessionSecret(values.SESSION_SECRET);
    } catch (error) {
      problems.push(...(error as ConfigError).problems);
    }
  }
  const present = requiredPlatformVariables.some((name) => values[name] !== undefined);
  const signInMode: BffConfig['signInMode'] =
    values.OIDC_ISSUER !== undefined ? 'oidc' : present ? 'off' : 'embedded';
  problems.push(...exposureProblems(values, signInMode));
  // SCOPES_FILE=off keeps scopes off where they would be on by default (the embedded demo's).
  const scopesFile = values.SCOPES_FILE === 'off' ? undefined : values.SCOPES_FILE;
  let scopes: ScopesSettings | undefined;
  if (scopesFile !== undefined) {
    try {
      scopes = loadScopesFile(path.resolve(scopesFile));
    } catch (error) {
      if (!(error instanceof ScopesFileError)) throw error;
      problems.push(...error.message.split('\n'));
    }
    if (signInMode === 'off')
      problems.push(
        'SCOPES_FILE gives groups of signed-in people access, but nobody signs in: set OIDC_ISSUER (and its client), or remove SCOPES_FILE.',
      );
  }
  if ((values.WEBHOOK_URL === undefined) !== (values.WEBHOOK_SECRET === undefined))
    problems.push(
      'WEBHOOK_URL and WEBHOOK_SECRET go together: the secret signs every call so the receiver can tell it came from Storey. Set both, or neither.',
    );
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    host: values.HOST,
    port: values.PORT,
    apiVersion: values.PLATFORM_API_VERSION,
    graphqlAuth: values.PLATFORM_GRAPHQL_AUTH,
    timeoutMs: values.PLATFORM_TIMEOUT_MS,
    maxAnswerBytes: values.PLATFORM_MAX_ANSWER_BYTES,
    maxHistoryBytes: values.PLATFORM_MAX_HISTORY_BYTES,
    relayBufferBytes: values.RELAY_BUFFER_BYTES,
    answerTimeoutMs: values.ANSWER_TIMEOUT_MS,
    requestsInFlightMax: values.REQUESTS_IN_FLIGHT_MAX,
    cacheTtlSeconds: values.CACHE_TTL_SECONDS,
    currentValuesTtlSeconds: values.CURRENT_VALUES_TTL_SECONDS,
    currentValuesCacheMb: values.CURRENT_VALUES_CACHE_MB,
    comfortBands: comfortBandsFrom(values),
    comfortSpaceBands: values.COMFORT_BANDS_BY_TYPE ?? [],
    comfortHours: values.COMFORT_HOURS ?? defaultComfortHours,
    history: historySettings(values),
    rateLimit: { max: values.RATE_LIMIT_MAX, windowMs: values.RATE_LIMIT_WINDOW_MS },
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    // On the embedded emulator (a person trying Storey at a terminal) two JSON lines per request
    // would scroll the start banner with the demo users away: warnings only, unless asked.
    logLevel: values.LOG_LEVEL ?? (platform ? 'info' : 'warn'),
    staticDir: values.STATIC_DIR
      ? path.resolve(projectRoot, values.STATIC_DIR)
      : clientBuildDirectory,
    metricsOnMainPort: values.METRICS_ON_MAIN_PORT === 'true',
    metrics:
      values.METRICS_PORT === undefined
        ? undefined
        : { port: values.METRICS_PORT, host: values.METRICS_HOST },
    platform,
    signInMode,
    signIn: signInSettings(values),
    session: {
      secret,
      idleMinutes: values.SESSION_IDLE_MINUTES,
      absoluteHours: values.SESSION_ABSOLUTE_HOURS,
      groupsRefreshMinutes: values.GROUPS_REFRESH_MINUTES,
      storeUrl: values.SESSION_STORE_URL,
    },
    publicUrl: values.PUBLIC_URL,
    notifications: {
      smtpUrl: values.SMTP_URL,
      from: values.SMTP_FROM,
      everySeconds: values.NOTIFY_EVERY_SECONDS,
      sink: false,
      escalateMs: values.ALARM_ESCALATE_MINUTES * 60_000,
      webhook:
        values.WEBHOOK_URL && values.WEBHOOK_SECRET
          ? {
              url: values.WEBHOOK_URL,
              secret: values.WEBHOOK_SECRET,
              allowAddresses: (values.WEBHOOK_ALLOW_ADDRESSES ?? '')
                .split(',')
                .map((address) => address.trim())
                .filter(Boolean),
            }
          : undefined,
    },
    allowAnonymous: values.ALLOW_ANONYMOUS === 'true',
    index: indexSettings(values, scopes),
    scopes,
    scopesFile,
    scopesOff: values.SCOPES_FILE === 'off',
  };
}
