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
