import { clientConfig } from '@/config/env';

const integerFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const areaFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const compactFormat = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
});

export const formatCount = (value: number): string => integerFormat.format(value);
export const formatArea = (value: number): string =>
  `${areaFormat.format(value)} ${clientConfig.areaUnit}`;
export const formatCompact = (value: number): string => compactFormat.format(value);
export const areaUnit = clientConfig.areaUnit;

/** Platform names may be null; the interface never shows an empty label. */
export const displayName = (name: string | null | undefined): string =>
  name && name.trim() !== '' ? name : 'Unnamed';
