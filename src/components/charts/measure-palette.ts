/**
 * One colour per measure, everywhere: area is always blue, rooms/spaces always teal, and so on,
 * in both colour schemes (each pair checked for 3:1 against its background).
 */
export const measures = [
  'area',
  'spaces',
  'floors',
  'buildings',
  'devices',
  'measurements',
  'energy',
] as const;
export type Measure = (typeof measures)[number];

export const measurePalette: Record<Measure, { light: string; dark: string }> = {
  area: { light: '#1d4ed8', dark: '#93c5fd' },
  spaces: { light: '#0f766e', dark: '#5eead4' },
  floors: { light: '#7c3aed', dark: '#c4b5fd' },
  buildings: { light: '#475569', dark: '#cbd5e1' },
  devices: { light: '#b45309', dark: '#fcd34d' },
  measurements: { light: '#be185d', dark: '#f9a8d4' },
  energy: { light: '#15803d', dark: '#86efac' },
};

/** A CSS value following the page's colour scheme (MUI sets the `dark` class on <html>). */
export const measureColor = (measure: Measure): string => `var(--storey-measure-${measure})`;

/** The CSS variables behind `measureColor`, for the global styles. */
export function measureVariables(scheme: 'light' | 'dark'): Record<string, string> {
  return Object.fromEntries(
    measures.map((measure) => [`--storey-measure-${measure}`, measurePalette[measure][scheme]]),
  );
}

/**
 * Colours for things told apart by colour and a label (a history's measurements, the buildings of
 * a comparison), in order; each 3:1 against its scheme's background.
 */
export const seriesPalette = {
  light: ['#1d4ed8', '#b45309', '#0f766e', '#be185d', '#7c3aed', '#475569'],
  dark: ['#93c5fd', '#fcd34d', '#5eead4', '#f9a8d4', '#c4b5fd', '#cbd5e1'],
} as const;

export const seriesColor = (scheme: 'light' | 'dark', index: number): string =>
  seriesPalette[scheme][index % seriesPalette[scheme].length]!;
