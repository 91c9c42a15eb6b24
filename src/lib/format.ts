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
export const areaUnit = clientConfig.areaUnit;

/** Platform names may be null or blank; the interface never shows an empty label. */
export const displayName = (name: string | null | undefined): string =>
  name && name.trim() !== '' ? name.trim() : 'Unnamed';

/**
 * A site's label everywhere (tables, charts, breadcrumbs, filters): its name, or "Site <id>" when
 * it has none or the listing does not know it, since the id is what people can look up.
 */
export const siteLabel = (siteId: string, name?: string | null): string =>
  name && name.trim() !== '' ? name.trim() : `Site ${siteId}`;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "12 minutes ago", "3 hours ago", "2 days ago": how old a reading is. */
export function formatAge(ageMs: number): string {
  const minutes = Math.round(ageMs / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 90) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 36) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** A share of a whole (0–1) as a percentage, "–" when there is no whole to share. */
export const formatShare = (share: number | null): string =>
  share === null ? '–' : percent.format(share);
