import { measures } from '@/domain/building-measures';
import { toCsv } from '@/lib/csv';
import { areaUnit, displayName, organizationLabel } from '@/lib/format';
import { factFields, factValue, type Comparison } from './comparison';

/**
 * The comparison for a spreadsheet: one row per building (facts, each measure and its percentile),
 * then the portfolio's median and quartiles of each measure. Numbers unformatted.
 */
export function comparisonCsv(comparison: Comparison): Promise<string> {
  const fields = [
    'Letter',
    'Building',
    'Reference',
    'Organization',
    'Site',
    `Area (${areaUnit})`,
    'Floors',
    'Spaces',
    'Devices',
    'Measurements',
    'Data quality score',
    ...measures.flatMap((measure) => [
      `${measure.label} (${measure.unit})`,
      `${measure.label}: percentile in the portfolio`,
    ]),
  ];
  const rows: Array<Array<string | number | null | undefined>> = comparison.compared.map(
    ({ building, letter, siteName, quality, values }) => [
      letter,
      displayName(building.name),
      building.referenceId,
      organizationLabel(building.organizationId, building.organizationName),
      siteName,
      ...factFields.map((field) => factValue(building, field)),
      quality?.score,
      ...measures.flatMap((measure) => {
        const value = values[measure.id];
        return value.ok
          ? [
              round(value.value),
              value.percentile === undefined ? null : Math.round(value.percentile),
            ]
          : [null, null];
      }),
    ],
  );
  for (const [label, pick] of [
    ['Portfolio median', 'median'],
    ['Portfolio lower quartile', 'q1'],
    ['Portfolio upper quartile', 'q3'],
  ] as const) {
    rows.push([
      '',
      label,
      ...Array.from({ length: 9 }, () => null),
      ...comparison.measures.flatMap((entry) => [
        entry.spread ? round(entry.spread[pick]) : null,
        null,
      ]),
    ]);
  }
  return toCsv(fields, rows);
}

const round = (value: number) => Math.round(value * 100) / 100;
