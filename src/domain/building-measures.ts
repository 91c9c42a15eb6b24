import type { Building } from '@/api/platform-schemas';
import type { Rule } from '@/api/get-quality';

/**
 * Normalised measures for comparing buildings of different sizes, each defined once: its inputs,
 * its formula, and when it cannot be computed (never a division by zero, never a false 0 from counts
 * the platform did not include).
 */
export const measureIds = [
  'areaPerFloor',
  'spacesPerFloor',
  'areaPerSpace',
  'spacesPer1000',
  'devicesPer1000',
  'measurementsPerDevice',
  'energyIntensity',
] as const;
export type MeasureId = (typeof measureIds)[number];

export type MeasureValue = { ok: true; value: number } | { ok: false; reason: string };

/**
 * Figures the portfolio index works out beyond the listing, looked up per building: a measure
 * that needs one reads it here rather than computing it again.
 */
export interface IndexedFigures {
  /** kWh per m² over the energy ranking's period, or why the building has none. */
  energyIntensity(buildingId: string): MeasureValue;
}

export const noIndexedFigures: IndexedFigures = {
  energyIntensity: () => ({ ok: false, reason: 'the energy figures are not loaded' }),
};

export interface MeasureDefinition {
  id: MeasureId;
  label: string;
  /** The unit of the quantity in the numerator, as a header shows it: "Area per floor (m²)". */
  unit: string;
  /** One line: what it says and how it is computed. */
  explanation: string;
  /** The listing fields it reads (the data-quality rules name the same fields). */
  inputs: ReadonlyArray<keyof Building>;
  compute(building: Building, indexed: IndexedFigures): MeasureValue;
  /** Decimal places worth showing. */
  digits: number;
}

const missingArea: MeasureValue = { ok: false, reason: 'no area recorded' };
const noFloors: MeasureValue = { ok: false, reason: 'no floors recorded' };
const noSpaces: MeasureValue = { ok: false, reason: 'no spaces recorded' };
const countsNotIncluded: MeasureValue = {
  ok: false,
  reason: 'device and measurement counts not included by the platform',
};
const noDevices: MeasureValue = { ok: false, reason: 'no devices recorded' };

const hasArea = (building: Building): building is Building & { area: number } =>
  typeof building.area === 'number' && Number.isFinite(building.area) && building.area > 0;
const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
const counted = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
/** A tiny area (a typo of 0.0001 m²) can still overflow a density: that is no value either. */
const ok = (value: number): MeasureValue =>
  Number.isFinite(value)
    ? { ok: true, value }
    : { ok: false, reason: 'the inputs are too small to divide by' };

export const measures: readonly MeasureDefinition[] = [
  {
    id: 'areaPerFloor',
    label: 'Area per floor',
    unit: 'm²',
    explanation: 'The building’s area divided by its number of floors.',
    inputs: ['area', 'floorCount'],
    digits: 0,
    compute: (b) =>
      !hasArea(b) ? missingArea : !positive(b.floorCount) ? noFloors : ok(b.area / b.floorCount),
  },
  {
    id: 'spacesPerFloor',
    label: 'Spaces per floor',
    unit: 'spaces',
    explanation: 'The number of spaces divided by the number of floors.',
    inputs: ['spaceCount', 'floorCount'],
    digits: 1,
    compute: (b) =>
      !positive(b.floorCount)
        ? noFloors
        : !counted(b.spaceCount)
          ? noSpaces
          : ok(b.spaceCount / b.floorCount),
  },
  {
    id: 'areaPerSpace',
    label: 'Area per space',
    unit: 'm²',
    explanation: 'The building’s area divided by its number of spaces: high means generous space.',
    inputs: ['area', 'spaceCount'],
    digits: 1,
    compute: (b) =>
      !hasArea(b) ? missingArea : !positive(b.spaceCount) ? noSpaces : ok(b.area / b.spaceCount),
  },
  {
    id: 'spacesPer1000',
    label: 'Spaces per 1,000 m²',
    unit: 'spaces',
    explanation: 'How densely the building is divided into spaces.',
    inputs: ['spaceCount', 'area'],
    digits: 1,
    compute: (b) =>
      !hasArea(b)
        ? missingArea
        : !counted(b.spaceCount)
          ? noSpaces
          : ok((1000 * b.spaceCount) / b.area),
  },
  {
    id: 'devicesPer1000',
    label: 'Devices per 1,000 m²',
    unit: 'devices',
    explanation: 'How densely the building is instrumented.',
    inputs: ['deviceCount', 'area', 'includesDeviceAndMeasurementCounts'],
    digits: 1,
    compute: (b) =>
      !b.includesDeviceAndMeasurementCounts
        ? countsNotIncluded
        : !hasArea(b)
          ? missingArea
          : !counted(b.deviceCount)
            ? noDevices
            : ok((1000 * b.deviceCount) / b.area),
  },
  {
    id: 'measurementsPerDevice',
    label: 'Measurements per device',
    unit: 'measurements',
    explanation: 'How many measurements each device provides on average.',
    inputs: ['measurementCount', 'deviceCount', 'includesDeviceAndMeasurementCounts'],
    digits: 1,
    compute: (b) =>
      !b.includesDeviceAndMeasurementCounts
        ? countsNotIncluded
        : !positive(b.deviceCount)
          ? noDevices
          : !counted(b.measurementCount)
            ? { ok: false, reason: 'no measurements recorded' }
            : ok(b.measurementCount / b.deviceCount),
  },
  {
    id: 'energyIntensity',
    label: 'Energy use intensity',
    unit: 'kWh/m², 30 days',
    explanation:
      'The main meters’ kWh over the last 30 whole days divided by the building’s area, as the Energy page ranks it; only buildings read on every day have one.',
    inputs: ['area'],
    digits: 1,
    compute: (b, indexed) => indexed.energyIntensity(b.id),
  },
];

export const measureById = new Map(measures.map((measure) => [measure.id, measure]));

/**
 * The data-quality rules a building breaks (errors and warnings) that read a measure's inputs:
 * its value is then in doubt, and it is left out of the portfolio's distribution.
 */
export function doubtsAbout<R extends { severity: Rule['severity']; fields: readonly string[] }>(
  measure: MeasureDefinition,
  brokenRules: readonly R[],
): R[] {
  return brokenRules.filter(
    (rule) =>
      rule.severity !== 'info' &&
      rule.fields.some((field) => (measure.inputs as readonly string[]).includes(field)),
  );
}

/**
 * Which buildings a portfolio distribution of `measure` counts, and why the others are left out:
 * without the inputs, or with inputs a data-quality rule puts in doubt. Every screen that draws
 * the portfolio's spread of a measure goes through here, so they leave out the same buildings.
 */
export function measureAcross<B extends Building, R extends Pick<Rule, 'severity' | 'fields'>>(
  measure: MeasureDefinition,
  buildings: readonly B[],
  brokenRules: (buildingId: string) => readonly R[],
  indexed: IndexedFigures = noIndexedFigures,
): { counted: Array<{ building: B; value: number }>; withoutInputs: number; inDoubt: number } {
  const counted: Array<{ building: B; value: number }> = [];
  let withoutInputs = 0;
  let inDoubt = 0;
  for (const building of buildings) {
    const result = measure.compute(building, indexed);
    if (!result.ok) withoutInputs++;
    else if (doubtsAbout(measure, brokenRules(building.id)).length > 0) inDoubt++;
    else counted.push({ building, value: result.value });
  }
  return { counted, withoutInputs, inDoubt };
}
