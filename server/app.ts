import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSessionStore, type SessionStore } from './auth/session-store.ts';
import { createSessions } from './auth/sessions.ts';
import { registerAnonymousSession } from './auth/anonymous-session.ts';
import { createGroupsRefresh } from './auth/groups-refresh.ts';
import { requireSession } from './auth/require-session.ts';
import { providerDiscovery, signInRoutes } from './auth/sign-in-routes.ts';
import { signOutRoute } from './auth/sign-out.ts';
import { systemClock, type Clock } from './clock.ts';
import { type BffConfig, type PlatformSettings, type SignInSettings } from './config.ts';
import { problemErrors } from './http/errors.ts';
import { answerLimits } from './http/answer-limits.ts';
import { guardedScope } from './http/guarded-scope.ts';
import { lifecycle } from './http/lifecycle.ts';
import { createMetrics, type Metrics } from './http/metrics.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serverOptions } from './http/server-options.ts';
import { createClosingSteps, type ClosingSteps } from './http/closing-steps.ts';
import { createCapabilityProbe, type CapabilityProbe } from './platform/capabilities.ts';
import { createPlatformServices } from './platform/services.ts';
import type { PlatformGateway } from './platform/gateway.ts';
import type { PortfolioIndex } from './portfolio-index/portfolio-index.ts';
// Only its types: the index's code loads when the BFF has its index (buildApp's import()).
import type * as IndexPlugin from './portfolio-index/plugin.ts';
import { capabilitiesRoute } from './routes/capabilities.ts';
import { graphqlProxy } from './routes/graphql-proxy.ts';
import { operations } from './routes/operations.ts';
import { devicesProxy } from './routes/devices-proxy.ts';
import { historyProxy } from './routes/history-proxy.ts';
import { restProxy } from './routes/rest-proxy.ts';
import { spa } from './routes/spa.ts';
import { randomBytes } from 'node:crypto';
import { accessGate, placeGuard } from './access/access-gate.ts';
import { adminAccessRoutes, meRoute } from './access/access-routes.ts';
import { accessPolicy } from './access/person-access.ts';
import { createPolicySource } from './access/policy-source.ts';

export interface AppOptions {
  config: BffConfig;
  platform: PlatformSettings;
  /** false: silent; tests pass `{ level, stream }` to read what is logged. */
  logger?: false | Record<string, unknown>;
  /** Who signs people in (OpenID Connect); absent: nobody does (loopback only, see config.ts). */
  signIn?: { provider: SignInSettings; publicUrl: string } | undefined;
  /** The time, for sessions, tokens and cached verdicts; tests move it by hand. */
  clock?: Clock;
  /** A session store made by the caller (shared between apps in tests); default from config. */
  sessionStore?: SessionStore;
  /** Who may start an index sync when INDEX_ADMINS is empty (the embedded demo's admin). */
  defaultIndexAdmins?: string[];
  /** Waits between retries of the index's platform reads; tests pass one that returns at once. */
  indexWait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * The BFF without its portfolio index: only for the tests and benchmarks of the proxy, sign-in
   * and gates, which read none of it and would otherwise start a database each. A running Storey
   * always has its index (startStorey never passes this; decision 0024).
   */
  withoutIndex?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** What the platform offers beyond the spec; server.ts asks once at start. */
    capabilities: CapabilityProbe;
    /** The portfolio index (absent only in tests built `withoutIndex`); server.ts starts it. */
    portfolioIndex: PortfolioIndex | undefined;
    /** The platform as the BFF reads it (tests hold its bounds). */
    gateway: PlatformGateway;
    /** What a stop still waits for (server.ts says it when a stop overruns). */
    closing: ClosingSteps;
  }
}

/** The platform as the BFF reads it, its metrics and the steps a stop waits for, on `app`. */
function decoratePlatform(
  app: FastifyInstance,
  config: AppOptions['config'],
  platform: AppOptions['platform'],
  clock: Clock,
) {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  const { gateway, tokens } = createPlatformServices({ config, platform, metrics, clock });
  app.decorate('gateway', gateway);
  const closing = createClosingSteps(app, () => clock.now());
  app.decorate('closing', closing);
  closing.add('the platform connections', () => gateway.close());
  const capabilities = createCapabilityProbe({
    gateway,
    clock,
    history: config.history,
    currentValuesTtlSeconds: config.currentValuesTtlSeconds,
  });
  app.decorate('capabilities', capabilities);
  return { metrics, gateway, tokens, closing, capabilities };
}

/** Who sees what: SCOPES_FILE's grants, and INDEX_ADMINS (decision 0020), said in the log. */
function accessPolicyOf(app: FastifyInstance, options: AppOptions) {
  const { config } = options;
  const policy = accessPolicy(
    config.scopes,
    config.index.admins.length > 0 ? config.index.admins : (options.defaultIndexAdmins ?? []),
  );
  app.log.info(
    policy.enabled
      ? `Access scopes on: ${policy.grants.length} grants from ${config.scopesFile ?? 'SCOPES_FILE'}, read from the "${policy.claim}" claim.`
      : 'Access scopes off: every signed-in person sees everything.',
  );
  return policy;
}

/**
 * The BFF as a short list of plugins, each owning its hooks. Read top to bottom, it says which
 * routes exist and which gates stand in front of them: everything registered inside the guarded
 * scope is behind X-CSRF, the rate limit and no-store, and inside its signed-in scope behind a
 * session too. A route added there is protected by where it is registered.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, platform } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify(serverOptions(config, options.logger));
  const { metrics, gateway, tokens, closing, capabilities } = decoratePlatform(
    app,
    config,
    platform,
    clock,
  );
  const index = options.withoutIndex ? undefined : await import('./portfolio-index/plugin.ts');
  if (index)
    await app.register(index.portfolioIndexPlugin, {
      config,
      gateway,
      capabilities,
      clock,
      ...(options.indexWait ? { wait: options.indexWait } : {}),
    });
  else app.decorate('portfolioIndex', undefined);
  // The only body the BFF takes is GraphQL's JSON; anything else is 415, not parsed.
  app.removeContentTypeParser('text/plain');

  await app.register(problemErrors);
  await app.register(lifecycle, { metrics });
  await app.register(securityHeaders, {
    https: (options.signIn?.publicUrl ?? config.publicUrl ?? '').startsWith('https:'),
  });
  await app.register(fastifyCookie);

  const policy = accessPolicyOf(app, options);
  const scopeReads = app.portfolioIndex?.access;
  const policies = createPolicySource({ base: policy, table: scopeReads, clock });
  // Alarm notifications live beside the index, which keeps the alarms and the outbox.
  if (app.portfolioIndex) {
    const { notificationsPlugin } = await import('./notifications/plugin.ts');
    await app.register(notificationsPlugin, {
      config,
      index: app.portfolioIndex,
      policies,
      clock,
      publicUrl:
        options.signIn?.publicUrl ?? config.publicUrl ?? `http://${config.host}:${config.port}`,
    });
  } else app.decorate('notifier', undefined);

  const signIn = options.signIn
    ? await signInSettings(options, options.signIn, { policy, scopeReads, closing, clock })
    : undefined;
  if (signIn) await app.register(signInRoutes, signIn);
  else registerAnonymousSession(app);

  const parts: ApiParts = { app, config, clock, gateway, capabilities, policies, signIn, index };
  await app.register(async function guarded(scope) {
    await scope.register(guardedScope, {
      rateLimit: config.rateLimit,
      redis: signIn?.store.redis,
    });
    if (signIn) await scope.register(signOutRoute, signIn);
    await scope.register(async function signedIn(api) {
      await signedInGates(api, parts);
      await platformRoutes(api, parts);
      await storeyRoutes(api, parts);
    });
  });

  await app.register(operations, {
    gateway,
    tokens,
    metrics,
    clock,
    // Beside the API only when asked for: a proxy on the same host forwards every path to a
    // Storey on loopback (third security review, low items). METRICS_PORT serves it apart.
    serveMetrics: config.metrics === undefined && config.metricsOnMainPort,
    store: signIn?.store,
    indexDatabase: app.portfolioIndex?.database,
  });
  await app.register(spa, { staticDir: config.staticDir });
  return app;
}

type SignInOptions = Parameters<typeof signInRoutes>[1] & {
  sessions: ReturnType<typeof createSessions>;
};

/** Sessions in their store (closed at a stop), and who the provider says signed in. */
async function signInSettings(
  options: AppOptions,
  provider: NonNullable<AppOptions['signIn']>,
  parts: {
    policy: ReturnType<typeof accessPolicy>;
    scopeReads: PortfolioIndex['access'] | undefined;
    closing: ClosingSteps;
    clock: Clock;
  },
): Promise<SignInOptions> {
  const { config } = options;
  const { policy, scopeReads, closing, clock } = parts;
  const store = options.sessionStore ?? (await createSessionStore(config.session.storeUrl, clock));
  if (!options.sessionStore) closing.add('the session store', () => store.close());
  // Without SESSION_SECRET (the embedded default) sessions last as long as the process.
  const secret = config.session.secret ?? new Uint8Array(randomBytes(32));
  const secure = provider.publicUrl.startsWith('https:');
  return {
    provider: provider.provider,
    publicUrl: provider.publicUrl,
    sessions: createSessions({ settings: config.session, secret, secure, store, clock }),
    store,
    secret,
    clock,
    attemptsPerMinute: config.authRateLimitMax,
    discovery: providerDiscovery(provider.provider),
    groupsClaim: policy.claim,
    groupsRefreshMinutes: config.session.groupsRefreshMinutes,
    onSignIn: scopeReads ? (person) => scopeReads.recordPerson(person) : undefined,
  };
}

/** What the signed-in scope's gates and routes are made with. */
interface ApiParts {
  app: FastifyInstance;
  config: BffConfig;
  clock: Clock;
  gateway: PlatformGateway;
  capabilities: CapabilityProbe;
  policies: ReturnType<typeof createPolicySource>;
  signIn: SignInOptions | undefined;
  /** The index's routes, when the BFF has its index. */
  index: typeof IndexPlugin | undefined;
}

/** A session (with groups kept fresh), the person's access, and a bound on answers in flight. */
async function signedInGates(api: FastifyInstance, parts: ApiParts): Promise<void> {
  const { config, clock, signIn, policies } = parts;
  if (signIn)
    await api.register(requireSession, {
      sessions: signIn.sessions,
      refreshGroups: createGroupsRefresh({
        discovery: signIn.discovery,
        store: signIn.store,
        sessions: signIn.sessions,
        groupsClaim: signIn.groupsClaim,
        everyMs: config.session.groupsRefreshMinutes * 60_000,
        clock,
      }),
    });
  await api.register(accessGate, { policies });
  await api.register(answerLimits, {
    inFlightMax: config.requestsInFlightMax,
    answerTimeoutMs: config.answerTimeoutMs,
    clock,
  });
}

/** The platform through the BFF: REST, history, devices, GraphQL and what it offers. */
async function platformRoutes(api: FastifyInstance, parts: ApiParts): Promise<void> {
  const { config, gateway } = parts;
  const scopeReads = parts.app.portfolioIndex?.access;
  const guard = placeGuard(scopeReads);
  await api.register(restProxy, { prefix: '/api', gateway, guard, scopeReads });
  await api.register(historyProxy, {
    prefix: '/api',
    gateway,
    settings: config.history,
    guard,
  });
  await api.register(devicesProxy, { prefix: '/api', gateway, guard });
  await api.register(capabilitiesRoute, {
    prefix: '/api',
    probe: parts.capabilities,
    comfortBands: config.comfortBands,
    comfortHours: config.comfortHours,
  });
  await api.register(graphqlProxy, { gateway, guard, scopeReads });
}

/** Storey's own: who I am, access administration, the index, alarms and notifications. */
async function storeyRoutes(api: FastifyInstance, parts: ApiParts): Promise<void> {
  const { app, config, clock, policies, index } = parts;
  const scopeReads = app.portfolioIndex?.access;
  await api.register(meRoute, { prefix: '/api', policies, reads: scopeReads });
  await api.register(adminAccessRoutes, {
    prefix: '/api/admin/access',
    policies,
    reads: scopeReads,
    sessions: parts.signIn?.sessions,
    scopesFile: config.scopesFile,
  });
  if (index && app.portfolioIndex) {
    await api.register(index.routes, {
      prefix: '/api/index',
      index: app.portfolioIndex,
      conditions: {
        refreshMinutes: config.index.conditionsRefreshMinutes,
        requestBudget: config.index.conditionsRequestBudget,
      },
      refreshCooldownMs: config.index.refreshCooldownSeconds * 1000,
      clock,
    });
    await api.register(index.alarmsRoutes, {
      prefix: '/api/alarms',
      index: app.portfolioIndex,
      policies,
    });
  }
  if (app.notifier && app.portfolioIndex) {
    const { notificationRoutes } = await import('./notifications/plugin.ts');
    await api.register(notificationRoutes, {
      prefix: '/api',
      notifier: app.notifier,
      index: app.portfolioIndex,
    });
  }
}
