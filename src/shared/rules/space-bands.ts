import type { BandKind, BandLimits, ComfortBands } from './comfort.ts';

/**
 * Which bands a room is judged by, from its type (the platform's `ontologyType` of a space:
 * "Office", "Bathroom", "ServerRoom") and its site. EN 16798-1's categories are for rooms people
 * work in; a store room, a plant room or a toilet judged by them fills "Needs attention" with
 * rooms nobody would heat to 20 °C (the walk: 28 % of the list), and a server room has its own
 * envelope. One rule for the index's rounds, its alarms and every screen.
 */

/** The bands a room is judged by: a kind left out is not judged in that room. */
export type RoomBands = Partial<Record<BandKind, BandLimits>>;

/** A setting: rooms of `type` (at `site`, or at every site when null) judged by `bands`. */
export interface SpaceBandRule {
  /** A site's id, or null for every site. */
  site: string | null;
  /** A space type as the platform writes it ("ServerRoom"), or "*" for every type. */
  type: string;
  bands: RoomBands;
}

/** What every room's bands are drawn from: the office bands (COMFORT_*) and the per-type settings. */
export interface ComfortRules {
  bands: ComfortBands;
  rules: readonly SpaceBandRule[];
}

/** The kinds of space with defaults of their own. */
export type SpaceUse = 'occupied' | 'data-room' | 'not-occupied' | 'sanitary';

/** "Server_Room", "server room", "ServerRoom" compare alike. */
export const spaceTypeKey = (type: string): string => type.toLowerCase().replace(/[^a-z0-9]/g, '');

const useByWords: Array<[RegExp, SpaceUse]> = [
  [/server|datacent|dataroom|^itroom|telecom|comms|network|equipmentroom/, 'data-room'],
  [/bath|toilet|restroom|washroom|lavator|wc$|^wc|shower|changing/, 'sanitary'],
  [
    /storage|store|closet|cupboard|janitor|cleaner|plant|mechanical|electrical|boiler|riser|shaft|utility|parking|garage|stair|elevator|lift|corridor|hallway/,
    'not-occupied',
  ],
];

/** What a type of space is used for; an unknown or missing type is a room people work in. */
export function spaceUseOf(type: string | null | undefined): SpaceUse {
  if (!type) return 'occupied';
  const key = spaceTypeKey(type);
  return useByWords.find(([words]) => words.test(key))?.[1] ?? 'occupied';
}

/** The defaults of the spaces that are not judged by the office bands. */
export const defaultBandsOfUse: Readonly<Record<Exclude<SpaceUse, 'occupied'>, RoomBands>> = {
  // ASHRAE TC 9.9's recommended envelope for data equipment (classes A1–A4): air at the inlet
  // 18–27 °C, relative humidity up to 60 %. Nobody works there, so no CO₂ band.
  'data-room': {
    temperature: { low: 18, high: 27, unit: '°C', source: 'ASHRAE TC 9.9 recommended, data rooms' },
    humidity: { high: 60, unit: '%', source: 'ASHRAE TC 9.9 recommended, data rooms' },
  },
  // Humid after a shower and aired by extract fans, not judged by comfort bands.
  sanitary: {},
  // Store, plant and circulation rooms: nobody stays there.
  'not-occupied': {},
};

/** In a person's words, what a use is: "storage, plant and circulation". */
export const spaceUseWords: Readonly<Record<SpaceUse, string>> = {
  occupied: 'rooms people work in',
  'data-room': 'server and data rooms',
  sanitary: 'bathrooms and changing rooms',
  'not-occupied': 'storage, plant and circulation',
};

const matches = (rule: SpaceBandRule, type: string | null | undefined) =>
  rule.type === '*' || (type != null && spaceTypeKey(rule.type) === spaceTypeKey(type));

/**
 * A room's bands: a setting for its type at its site, then one for every type at its site, then
 * one for its type anywhere; otherwise its use's defaults (the office bands for rooms people work
 * in). A setting names every kind it judges: the ones it leaves out are not judged.
 */
export function roomBands(
  comfort: ComfortRules,
  room: { type?: string | null | undefined; siteId?: string | null | undefined },
): RoomBands {
  const { rules } = comfort;
  const atSite = (rule: SpaceBandRule) => room.siteId != null && rule.site === room.siteId;
  const chosen =
    rules.find((rule) => atSite(rule) && rule.type !== '*' && matches(rule, room.type)) ??
    rules.find((rule) => atSite(rule) && rule.type === '*') ??
    rules.find((rule) => rule.site === null && rule.type !== '*' && matches(rule, room.type));
  if (chosen) return chosen.bands;
  const use = spaceUseOf(room.type);
  return use === 'occupied' ? comfort.bands : defaultBandsOfUse[use];
}

/** Without per-type settings: every room by its use's defaults. */
export const comfortRulesOf = (
  bands: ComfortBands,
  rules: readonly SpaceBandRule[] = [],
): ComfortRules => ({ bands, rules });
