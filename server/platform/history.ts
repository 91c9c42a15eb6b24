import type { Clock } from '../clock.ts';
import type { HistorySettings } from '../config.ts';
import type { PlatformGateway } from './gateway.ts';
import { formatPlatformTimestamp } from './platform-timestamp.ts';

/** The levels of the hierarchy with historical values, as the platform's paths name them. */
export const historyLevels = ['Buildings', 'Floors', 'Spaces', 'Devices'] as const;
export type HistoryLevel = (typeof historyLevels)[number];

/**
 * The platform path of one place's values between two instants. The path template and parameter
 * names are configuration (the spec does not show them); the times are written in the spec's
 * format by the one function that writes it.
 */
export function historyPath(
  settings: HistorySettings,
  level: HistoryLevel,
  id: string,
  range: { from: number; to: number },
  page?: { take: number; skip: number },
): string {
  const path = settings.pathTemplate
    .replaceAll('{level}', level)
    .replaceAll('{id}', encodeURIComponent(id));
  const query = new URLSearchParams({
    [settings.fromParam]: formatPlatformTimestamp(range.from),
    [settings.toParam]: formatPlatformTimestamp(range.to),
    ...(page ? { take: String(page.take), skip: String(page.skip) } : {}),
  });
  return `${path}?${query.toString()}`;
}

/**
 * How the platform answers for a feature beyond the spec: it does, it has no such endpoint
 * ("not-offered": 404, or 400 for parameters it does not take), or the credential lacks the API
 * type ("not-enabled": a JSON 403; field notes). "unknown": the probe could not tell, so the
 * feature stays offered and its panels report their own errors.
 */
export type FeatureState = 'available' | 'not-offered' | 'not-enabled' | 'unknown';

export interface FeatureCapability {
  state: FeatureState;
  /** False only when the platform is known to refuse (not offered or not enabled). */
  available: boolean;
  /** In plain words for the people who read it in the dashboard: no path, no status code. */
  reason?: string | undefined;
}

export type HistoryCapability = FeatureCapability;

/** The words for each refusal, by feature; the setting's name is for whoever runs Storey. */
export const featureWords = {
  history: {
    noun: 'historical values',
    notOffered: 'whoever runs Storey can point it elsewhere with PLATFORM_HISTORY_PATH',
  },
  devices: {
    noun: 'devices',
    notOffered: 'this platform does not list devices',
  },
  currentValues: {
    noun: 'current values',
    notOffered: 'this platform does not offer current values',
  },
} as const;

export const notEnabledReason = (noun: string) =>
  `Storey's platform credential is not enabled for ${noun}; ask your platform administrator`;

/** Asks one path about the first listed building and reads the answer's status only. */
export async function probeFeature(options: {
  gateway: PlatformGateway;
  buildingId: string | undefined;
  path: (buildingId: string) => string;
  words: { noun: string; notOffered: string };
}): Promise<FeatureCapability> {
  const { gateway, buildingId, words } = options;
  if (buildingId === undefined) {
    return {
      state: 'unknown',
      available: true,
      reason: 'not checked: the platform listed no building to ask about',
    };
  }
  try {
    const answer = await gateway.relayUnshared(options.path(buildingId));
    // Only the status matters here. A body cut short (the BFF stopping) is no crash: its error is
    // taken and dropped.
    answer.body.once('error', () => {}).resume();
    const json = /json/.test(answer.headers['content-type'] ?? '');
    if (answer.status === 403 && json)
      return { state: 'not-enabled', available: false, reason: notEnabledReason(words.noun) };
    if ([400, 403, 404].includes(answer.status))
      return { state: 'not-offered', available: false, reason: words.notOffered };
    if (answer.status >= 200 && answer.status < 300) return { state: 'available', available: true };
    return {
      state: 'unknown',
      available: true,
      reason: `not checked: the platform answered ${answer.status}`,
    };
  } catch (error) {
    return {
      state: 'unknown',
      available: true,
      reason: `not checked: ${(error as Error).message}`,
    };
  }
}

/** The id of the first building the platform lists, to ask the probes about. */
export async function firstBuildingId(gateway: PlatformGateway): Promise<string | undefined> {
  try {
    const listing = await gateway.readListingWhole('/api/Buildings?take=1');
    const buildings: unknown =
      listing.status === 200 ? JSON.parse(listing.body.toString('utf8')) : undefined;
    return Array.isArray(buildings) && typeof buildings[0]?.id === 'string'
      ? (buildings[0].id as string)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Asks for the last hour of the first listed building at the configured path. */
export function probeHistory(options: {
  gateway: PlatformGateway;
  settings: HistorySettings;
  clock: Clock;
  buildingId: string | undefined;
}): Promise<HistoryCapability> {
  const { settings, clock } = options;
  return probeFeature({
    gateway: options.gateway,
    buildingId: options.buildingId,
    words: featureWords.history,
    path: (id) => {
      const to = clock.now();
      return historyPath(
        settings,
        'Buildings',
        id,
        { from: to - 60 * 60 * 1000, to },
        {
          take: 1,
          skip: 0,
        },
      );
    },
  });
}
