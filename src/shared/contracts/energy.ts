/**
 * Why a building has no kWh per m² for the period (decision 0015), the first that applies, in
 * the order the index's ranking lists them: no meter of the
 * building as a whole among its current values, meters that do not read in Wh/kWh/MWh, no area,
 * a meter stuck on a day read (readings all day, its total unmoved: a building's main meter never
 * uses nothing for a whole day, so that day's use is not known), days not read yet, days older
 * than the site keeps, readings that do not cover every day whole.
 * Defined once: the server's ranking and the dashboard's schema of its answer both read it.
 */
export const energyReasons = [
  'no-meter',
  'meter-unit',
  'no-area',
  'meter-stuck',
  'not-read-yet',
  'beyond-retention',
  'partial',
] as const;
export type EnergyReason = (typeof energyReasons)[number];

/**
 * Why a building's period is not compared with the one before: the last period not whole, the
 * earlier one's days not read yet, older than the site keeps, read in part, a meter stuck on one
 * of them, or nothing read before. Defined once for the ranking and the dashboard's schema.
 */
export const compareReasons = [
  'last-incomplete',
  'not-read-yet',
  'beyond-retention',
  'partial',
  'meter-stuck',
  'nothing-before',
] as const;
export type CompareReason = (typeof compareReasons)[number];

/** The periods a building's energy is worked out for: the last 30 whole days, the last 12 months. */
export const energyPeriods = ['30-days', '12-months'] as const;
export type EnergyPeriod = (typeof energyPeriods)[number];

/** The Energy page's lists (ranked, left out, meters stopped) and the ranked list's orders. */
export const energyLists = ['ranked', 'out', 'stopped'] as const;
export const energySorts = ['intensity', 'use', 'change'] as const;

/**
 * Which list of the Energy page, in which order, and which page of it: what the dashboard asks
 * of GET /api/index/energy and the index's ranking answers. Defined once for both.
 */
export interface EnergyListQuery {
  period: EnergyPeriod;
  list: (typeof energyLists)[number];
  sort: (typeof energySorts)[number];
  offset: number;
  limit: number;
}
