import path from 'node:path';
import { clientBuildDirectory, projectRoot } from './project-root.ts';
import { defaultAlarmRules } from './portfolio-index/alarms/rules.ts';
import { defaultComfortHours } from '../src/shared/rules/comfort.ts';
import { comfortBandsFrom } from './comfort-settings.ts';
import { loadScopesFile, ScopesFileError, type ScopesSettings } from './access/scopes-file.ts';
import { ConfigError } from './config/config-error.ts';
import {
  parseEnvironment,
  requiredPlatformVariables,
  type EnvironmentValues,
} from './config/environment.ts';
import { decodeSessionSecret } from './config/session-secret.ts';
import type {
  BffConfig,
  HistorySettings,
  IndexSettings,
  PlatformSettings,
  SignInSettings,
} from './config/settings.ts';

/**
 * Storey's configuration: the environment read (config/environment.ts), the rules between its
 * variables checked, every problem reported at once, and each section mapped (config/settings.ts).
 * The one module the rest of the server imports for it.
 */
export { ConfigError } from './config/config-error.ts';
export { defaultHistoryMaxDays, requiredPlatformVariables } from './config/environment.ts';
export type * from './config/settings.ts';

/** The grants of the embedded default's demo people (their ids are the emulator's default seed's). */
export const demoScopesFile = path.join(projectRoot, 'server/emulator/demo-scopes.yaml');

/** Loopback addresses only: what may be served without sign-in or over plain HTTP. */
export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  );
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

/** The session's signing secret when one is set; a malformed one is a problem named. */
function sessionSecret(values: EnvironmentValues, problems: string[]): Uint8Array | undefined {
  if (values.SESSION_SECRET === undefined) return undefined;
  try {
    return decodeSessionSecret(values.SESSION_SECRET);
  } catch (error) {
    problems.push(...(error as ConfigError).problems);
    return undefined;
  }
}

/** The access scopes a file gives; its mistakes, and scopes where nobody signs in, are problems. */
function scopesOf(
  scopesFile: string,
  signInMode: BffConfig['signInMode'],
  problems: string[],
): ScopesSettings | undefined {
  let scopes: ScopesSettings | undefined;
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
  return scopes;
}

const notificationSettings = (values: EnvironmentValues): BffConfig['notifications'] => ({
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
  const secret = sessionSecret(values, problems);
  const present = requiredPlatformVariables.some((name) => values[name] !== undefined);
  const signInMode: BffConfig['signInMode'] =
    values.OIDC_ISSUER !== undefined ? 'oidc' : present ? 'off' : 'embedded';
  problems.push(...exposureProblems(values, signInMode));
  // SCOPES_FILE=off keeps scopes off where they would be on by default (the embedded demo's).
  const scopesFile = values.SCOPES_FILE === 'off' ? undefined : values.SCOPES_FILE;
  const scopes = scopesFile === undefined ? undefined : scopesOf(scopesFile, signInMode, problems);
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
    notifications: notificationSettings(values),
    allowAnonymous: values.ALLOW_ANONYMOUS === 'true',
    index: indexSettings(values, scopes),
    scopes,
    scopesFile,
    scopesOff: values.SCOPES_FILE === 'off',
  };
}
