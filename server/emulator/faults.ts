import { z } from 'zod';

/**
 * Failure modes the real platform shows (docs/platform-contract.md): gateway HTML 403s, 429s with and without
 * Retry-After, 5xx, timeouts, dropped connections, slow or absent identity provider.
 */
export const apiFaultKinds = [
  '500',
  '502',
  '503',
  '504',
  '429',
  '429-retry-after',
  'gateway-403',
  'drop-connection',
  'malformed-json',
  'hang',
] as const;
export type ApiFaultKind = (typeof apiFaultKinds)[number];

export const faultSettingsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(120_000),
  jitterMs: z.number().int().min(0).max(120_000),
  errorRate: z.number().min(0).max(1),
  errorKinds: z.array(z.enum(apiFaultKinds)).min(1),
  retryAfterSeconds: z.number().int().min(0).max(3600),
  tokenEndpoint: z.enum(['up', 'down', 'slow']),
  tokenDelayMs: z.number().int().min(0).max(120_000),
  /** The next this many API calls are refused with 401 whatever their token. */
  unauthorizedCount: z.number().int().min(0).max(1000),
  /**
   * The next this many API calls fail, with `errorKinds` in turn (deterministic, unlike
   * `errorRate`): a burst of faults a client must ride out.
   */
  faultCount: z.number().int().min(0).max(100_000),
  graphqlPartialErrors: z.boolean(),
});
export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export const noFaults: FaultSettings = {
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  errorKinds: ['503'],
  retryAfterSeconds: 2,
  tokenEndpoint: 'up',
  tokenDelayMs: 5000,
  unauthorizedCount: 0,
  faultCount: 0,
  graphqlPartialErrors: false,
};

export interface FaultController {
  current(): FaultSettings;
  update(patch: Partial<FaultSettings>): FaultSettings;
  reset(): FaultSettings;
  /** Takes the one forced 401, if armed, so it fires exactly once. */
  takeUnauthorized(): boolean;
  /** The fault to inject into this API call, if any. */
  drawApiFault(): ApiFaultKind | undefined;
  /** How many API faults (and forced 401s) were injected since start or the last reset. */
  injectedCount(): number;
  delayMs(): number;
}

export function createFaultController(initial: Partial<FaultSettings> = {}): FaultController {
  let settings: FaultSettings = faultSettingsSchema.parse({ ...noFaults, ...initial });
  let injected = 0;
  let counted = 0;
  return {
    current: () => settings,
    update(patch) {
      settings = faultSettingsSchema.parse({ ...settings, ...patch });
      return settings;
    },
    reset() {
      settings = { ...noFaults };
      injected = 0;
      return settings;
    },
    takeUnauthorized() {
      if (settings.unauthorizedCount <= 0) return false;
      settings = { ...settings, unauthorizedCount: settings.unauthorizedCount - 1 };
      injected += 1;
      return true;
    },
    drawApiFault() {
      if (settings.faultCount > 0) {
        settings = { ...settings, faultCount: settings.faultCount - 1 };
        injected += 1;
        return settings.errorKinds[counted++ % settings.errorKinds.length];
      }
      if (settings.errorRate <= 0 || Math.random() >= settings.errorRate) return undefined;
      injected += 1;
      return settings.errorKinds[Math.floor(Math.random() * settings.errorKinds.length)];
    },
    injectedCount: () => injected,
    delayMs: () => settings.latencyMs + Math.round(Math.random() * settings.jitterMs),
  };
}

/** Reads fault settings from EMULATOR_* variables; a bad value stops the emulator with its name. */
export function faultsFromEnvironment(env: NodeJS.ProcessEnv): Partial<FaultSettings> {
  const patch: Record<string, unknown> = {};
  const numeric = (name: string, key: keyof FaultSettings): void => {
    const raw = env[name];
    if (raw === undefined || raw === '') return;
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
    patch[key] = value;
  };
  numeric('EMULATOR_LATENCY_MS', 'latencyMs');
  numeric('EMULATOR_JITTER_MS', 'jitterMs');
  numeric('EMULATOR_ERROR_RATE', 'errorRate');
  numeric('EMULATOR_RETRY_AFTER_SECONDS', 'retryAfterSeconds');
  numeric('EMULATOR_TOKEN_DELAY_MS', 'tokenDelayMs');
  if (env.EMULATOR_ERROR_KINDS)
    patch.errorKinds = env.EMULATOR_ERROR_KINDS.split(',').map((kind) => kind.trim());
  if (env.EMULATOR_TOKEN_ENDPOINT) patch.tokenEndpoint = env.EMULATOR_TOKEN_ENDPOINT;
  if (env.EMULATOR_GRAPHQL_PARTIAL_ERRORS)
    patch.graphqlPartialErrors = env.EMULATOR_GRAPHQL_PARTIAL_ERRORS === '1';
  const result = faultSettingsSchema.partial().safeParse(patch);
  if (!result.success) {
    throw new Error(`Invalid emulator fault settings: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
