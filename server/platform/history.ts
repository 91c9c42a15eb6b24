import type { Clock } from '../clock.ts';
import type { HistorySettings } from '../config.ts';
import type { PlatformGateway } from './gateway.ts';
import { formatPlatformTimestamp } from './platform-timestamp.ts';

/** The levels of the hierarchy with historical values, as the platform's paths name them. */
export const historyLevels = ['Buildings', 'Floors', 'Spaces'] as const;
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
): string {
  const path = settings.pathTemplate
    .replaceAll('{level}', level)
    .replaceAll('{id}', encodeURIComponent(id));
  const query = new URLSearchParams({
    [settings.fromParam]: formatPlatformTimestamp(range.from),
    [settings.toParam]: formatPlatformTimestamp(range.to),
  });
  return `${path}?${query.toString()}`;
}

export interface HistoryCapability {
  /** False when the platform refused the history path for a building it lists. */
  available: boolean;
  /** Why history is not available, or why availability could not be checked, in plain words. */
  reason?: string | undefined;
}

/**
 * Asks for the last hour of the first listed building. A 404, 403 or 400 means the platform does
 * not offer history at the configured path (or not with these parameters); any other failure says
 * nothing either way, so history stays offered and the panels report their own errors.
 */
export async function probeHistory(options: {
  gateway: PlatformGateway;
  settings: HistorySettings;
  clock: Clock;
}): Promise<HistoryCapability> {
  const { gateway, settings, clock } = options;
  try {
    const listing = await gateway.get('/api/Buildings?take=1');
    const buildings: unknown =
      listing.status === 200 ? JSON.parse(listing.body.toString('utf8')) : undefined;
    const id =
      Array.isArray(buildings) && typeof buildings[0]?.id === 'string'
        ? (buildings[0].id as string)
        : undefined;
    if (id === undefined) {
      return {
        available: true,
        reason: 'not checked: the platform listed no building to ask about',
      };
    }
    const to = clock.now();
    const answer = await gateway.open(
      historyPath(settings, 'Buildings', id, { from: to - 60 * 60 * 1000, to }),
    );
    answer.body.resume(); // only the status matters here
    if ([400, 403, 404].includes(answer.status)) {
      return {
        available: false,
        // Plain words for the people who read it in the dashboard: no path, no status (security
        // review L8); the setting's name is for whoever runs Storey.
        reason: 'whoever runs Storey can point it elsewhere with PLATFORM_HISTORY_PATH',
      };
    }
    if (answer.status >= 200 && answer.status < 300) return { available: true };
    return {
      available: true,
      reason: `not checked: the platform answered ${answer.status}`,
    };
  } catch (error) {
    return { available: true, reason: `not checked: ${(error as Error).message}` };
  }
}
