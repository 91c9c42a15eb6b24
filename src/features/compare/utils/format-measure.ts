import type { MeasureDefinition } from '@/domain/building-measures';

const formats = new Map<number, Intl.NumberFormat>();

/** A measure's value with the decimals it is worth (area per floor in whole m², densities to 0.1). */
export function formatMeasure(measure: Pick<MeasureDefinition, 'digits'>, value: number): string {
  let format = formats.get(measure.digits);
  if (!format) {
    format = new Intl.NumberFormat(undefined, {
      maximumFractionDigits: measure.digits,
      minimumFractionDigits: 0,
    });
    formats.set(measure.digits, format);
  }
  return format.format(value);
}
