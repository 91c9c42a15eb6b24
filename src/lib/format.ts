import { clientConfig } from '@/config/env';

const integerFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const areaFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const compactFormat = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
});

export const formatCount = (value: number): string => integerFormat.format(value);
/** "1 room", "2 rooms", "1,200 rooms": a count with its noun in the right number. */
export const countOf = (value: number, one: string, many = `${one}s`): string =>
  `${formatCount(value)} ${value === 1 ? one : many}`;
export const formatArea = (value: number): string =>
  `${areaFormat.format(value)} ${clientConfig.areaUnit}`;
/** An area without its unit, for columns whose header names the unit. */
export const formatAreaValue = (value: number): string => areaFormat.format(value);
export const formatCompact = (value: number): string => compactFormat.format(value);
/** What the dashboard shows for a figure the platform did not give: never a false 0. */
export const unknownValue = 'unknown';
/** A figure the platform may not give, formatted, or "unknown". */
export const formatKnown = (value: number | null, format: (value: number) => string): string =>
  value === null ? unknownValue : format(value);
export const areaUnit = clientConfig.areaUnit;

export { displayName, groupKey, organizationLabel, siteLabel } from '@/shared/labels';

const relative = {
  long: new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }),
  short: new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' }),
};

/**
 * "12 minutes ago", "3 hours ago", "2 days ago": how old a reading is; `short` where a phone's
 * column has room for little ("12 min. ago").
 */
export function formatAge(ageMs: number, style: 'long' | 'short' = 'long'): string {
  const format = relative[style];
  const minutes = Math.round(ageMs / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 90) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 36) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
}

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** A share of a whole (0–1) as a percentage, "–" when there is no whole to share. */
export const formatShare = (share: number | null): string =>
  share === null ? '–' : percent.format(share);

/** Energy figures as every screen writes them: kWh whole, intensities to a tenth, changes signed. */
export const kwhFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
export const energyChangeFormat = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
export const intensityFormat = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
