import type { AlarmRules } from '../portfolio-index/alarms/rules.ts';
import type { ComfortBands, ComfortHours } from '../../src/shared/rules/comfort.ts';
import type { SpaceBandRule } from '../../src/shared/rules/space-bands.ts';
import type { ScopesSettings } from '../access/scopes-file.ts';
import type { EnvironmentValues } from './environment.ts';

/** What loadConfig (config.ts) makes of the environment: one section per part of Storey. */

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
  logLevel: NonNullable<EnvironmentValues['LOG_LEVEL']>;
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
