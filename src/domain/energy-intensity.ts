import type { CompareReason, EnergyReason } from '@/api/get-energy';

/** The units a building's energy use intensity is read in. */
export const intensityUnits = {
  'kwh-m2': { label: 'kWh/m²', perKwhPerM2: 1 },
  // 1 kBtu/ft² = 3.1546 kWh/m² (ENERGY STAR's factor).
  'kbtu-ft2': { label: 'kBtu/ft²', perKwhPerM2: 1 / 3.1546 },
} as const;
export type IntensityUnit = keyof typeof intensityUnits;

export const intensityUnitOf = (value: string | null | undefined): IntensityUnit =>
  value === 'kbtu-ft2' ? 'kbtu-ft2' : 'kwh-m2';

/** kWh per m² in the chosen unit. */
export const intensityIn = (kwhPerM2: number, unit: IntensityUnit): number =>
  kwhPerM2 * intensityUnits[unit].perKwhPerM2;

/** Why a building has no intensity for the period, in a facility manager's words. */
export function energyReasonWords(
  reason: EnergyReason,
  detail: { coveredDays: number; days: number },
): string {
  switch (reason) {
    case 'no-meter':
      return 'No meter of the whole building among its current values';
    case 'meter-unit':
      return 'Its meter does not read in Wh, kWh or MWh';
    case 'no-area':
      return 'The platform has no floor area for it';
    case 'not-read-yet':
      return "Its meter's days are still being read";
    case 'beyond-retention':
      return 'Its site keeps fewer days of history than the period: complete once Storey has read each day';
    case 'partial':
      return `Readings cover ${Math.floor(detail.coveredDays)} of ${detail.days} days`;
    case 'meter-stuck':
      return 'Its meter was stuck: readings came, but its total stood still for a whole day';
  }
}

/** Short words for the coverage line: "2 without a meter". */
export const energyReasonCounts: Record<EnergyReason, [one: string, many: string]> = {
  'no-meter': ['without a meter', 'without a meter'],
  'meter-unit': ['with a meter not in kWh', 'with meters not in kWh'],
  'no-area': ['without a floor area', 'without a floor area'],
  'not-read-yet': ['still being read', 'still being read'],
  'beyond-retention': [
    'whose site keeps fewer days than the period',
    'whose sites keep fewer days than the period',
  ],
  partial: ['whose readings do not cover every day', 'whose readings do not cover every day'],
  'meter-stuck': ['with a stuck meter', 'with stuck meters'],
};

/** Why a building's period is not compared with the one before. */
export function compareReasonWords(reason: CompareReason, days: number): string {
  switch (reason) {
    case 'last-incomplete':
      return 'Not compared: this period is not whole';
    case 'not-read-yet':
      return `Not compared yet: the ${days} days before are still being read`;
    case 'beyond-retention':
      return `Not compared: the site keeps fewer than ${2 * days} days`;
    case 'partial':
      return `Not compared: the ${days} days before are partial`;
    case 'meter-stuck':
      return `Not compared: the meter was stuck in the ${days} days before`;
    case 'nothing-before':
      return `Not compared: nothing was used in the ${days} days before`;
  }
}
