import type { Clock } from '../clock.ts';
import type { HistorySettings } from '../config.ts';
import type { PlatformGateway } from './gateway.ts';
import {
  featureWords,
  firstBuildingId,
  probeFeature,
  probeHistory,
  type FeatureCapability,
  type HistoryCapability,
} from './history.ts';

/**
 * What the platform offers beyond the interface specification, as the SPA needs to know it. The
 * spec shows only `buildings(where: {name: {eq}}) { id name levels { name rooms { name } } }`;
 * every feature that needs more asks here and degrades visibly when the answer is no.
 */
export interface Capabilities {
  /** When the platform last answered the probe (ISO); null if it never has. */
  checkedAt: string | null;
  /** False when the platform would not answer the probe: everything beyond the spec counts as absent. */
  probed: boolean;
  /** Why the probe failed, in plain words; absent when it succeeded. */
  reason?: string | undefined;
  graphql: {
    /** Level.id and Room.id: links to levels and rooms by id, not by position. */
    levelIds: boolean;
    roomIds: boolean;
    /** Query.levels and Query.rooms with a `contains` name filter: search across the portfolio. */
    levelSearch: boolean;
    roomSearch: boolean;
    /** Room.level: a room's level name in the same answer (search results' paths). */
    roomLevel: boolean;
    /** BuildingFilterInput.id: the drill-down by id, without knowing the building's name. */
    buildingIdFilter: boolean;
    /** Level.area and Room.area. */
    areas: boolean;
  };
  /**
   * Historical values at the configured REST path (PLATFORM_HISTORY_*), and the longest range the
   * BFF relays (PLATFORM_HISTORY_MAX_DAYS, in days of 24 hours): the dashboard offers no longer one.
   */
  history: HistoryCapability & { maxDays: number };
  /** Devices of buildings, floors and rooms with their measurements (names, units, types). */
  devices: FeatureCapability;
  /**
   * The latest value of each measurement, and how long the BFF shares one answer
   * (CURRENT_VALUES_TTL_SECONDS): a reading can be that much older than the platform's.
   */
  currentValues: FeatureCapability & { ttlSeconds: number };
}

export const specOnly: Capabilities['graphql'] = {
  levelIds: false,
  roomIds: false,
  levelSearch: false,
  roomSearch: false,
  roomLevel: false,
  buildingIdFilter: false,
  areas: false,
};

/**
 * Small targeted introspection, never a full `__schema` (the platform's gateway refuses those with
 * an HTML 403). Sent by the BFF itself: browsers may not introspect through Storey.
 */
export const capabilityQuery = `query StoreyCapabilities {
  query: __type(name: "Query") { fields { name } }
  level: __type(name: "Level") { fields { name } }
  room: __type(name: "Room") { fields { name } }
  buildingFilter: __type(name: "BuildingFilterInput") { inputFields { name } }
  stringFilter: __type(name: "StringOperationFilterInput") { inputFields { name } }
}`;

interface TypeAnswer {
  fields?: Array<{ name: string }> | null;
  inputFields?: Array<{ name: string }> | null;
}

export function readCapabilities(
  data: Record<string, TypeAnswer | null | undefined>,
): Capabilities['graphql'] {
  const names = (key: string) =>
    new Set([...(data[key]?.fields ?? []), ...(data[key]?.inputFields ?? [])].map((f) => f.name));
  const query = names('query');
  const level = names('level');
  const room = names('room');
  const contains = names('stringFilter').has('contains');
  return {
    levelIds: level.has('id'),
    roomIds: room.has('id'),
    levelSearch: query.has('levels') && contains && level.has('id') && level.has('buildingId'),
    roomSearch: query.has('rooms') && contains && room.has('id') && room.has('buildingId'),
    roomLevel: room.has('level') && room.has('levelId'),
    buildingIdFilter: names('buildingFilter').has('id'),
    areas: level.has('area') && room.has('area'),
  };
}

type GraphqlPart = Pick<Capabilities, 'checkedAt' | 'probed' | 'reason' | 'graphql'>;

export interface CapabilityProbe {
  /** The latest capabilities; asks the platform again when the last answer is older than an hour. */
  current(): Promise<Capabilities>;
}

export const capabilityRefreshMs = 60 * 60 * 1000;

export function createCapabilityProbe(options: {
  gateway: PlatformGateway;
  clock: Clock;
  history: HistorySettings;
  currentValuesTtlSeconds?: number;
}): CapabilityProbe {
  const { gateway, clock } = options;
  let latest: Promise<Capabilities> | undefined;
  let askedAt = 0;
  let lastGood: GraphqlPart | undefined;

  const ask = async (): Promise<Capabilities> => {
    const buildingId = await firstBuildingId(gateway);
    const [graphql, history, devices, currentValues] = await Promise.all([
      askGraphql(),
      probeHistory({ gateway, settings: options.history, clock, buildingId }),
      probeFeature({
        gateway,
        buildingId,
        words: featureWords.devices,
        path: (id) => `/api/Buildings/${encodeURIComponent(id)}/Devices?take=1`,
      }),
      probeFeature({
        gateway,
        buildingId,
        words: featureWords.currentValues,
        path: (id) => `/api/Buildings/${encodeURIComponent(id)}/MeasurementValues?take=1`,
      }),
    ]);
    return {
      ...graphql,
      history: { ...history, maxDays: options.history.maxDays },
      devices,
      currentValues: { ...currentValues, ttlSeconds: options.currentValuesTtlSeconds ?? 30 },
    };
  };

  const askGraphql = async (): Promise<GraphqlPart> => {
    let reason: string;
    try {
      const answer = await gateway.readGraphqlWhole(
        JSON.stringify({ query: capabilityQuery, operationName: 'StoreyCapabilities' }),
      );
      const body =
        answer.status === 200 &&
        /json/.test(answer.headers['content-type'] ?? '') &&
        (JSON.parse(answer.body.toString('utf8')) as { data?: Record<string, TypeAnswer> });
      if (body && body.data) {
        lastGood = {
          checkedAt: new Date(clock.now()).toISOString(),
          probed: true,
          graphql: readCapabilities(body.data),
        };
        return lastGood;
      }
      reason = `the platform answered the schema questions with status ${answer.status}`;
    } catch (error) {
      reason = `the platform could not be asked (${(error as Error).message})`;
    }
    // A failed refresh keeps what was learnt before; with nothing learnt, assume the spec alone.
    return lastGood
      ? { ...lastGood, reason }
      : { checkedAt: null, probed: false, reason, graphql: specOnly };
  };

  return {
    current() {
      const now = clock.now();
      if (!latest || now - askedAt >= capabilityRefreshMs) {
        askedAt = now;
        latest = ask();
      }
      return latest;
    },
  };
}
