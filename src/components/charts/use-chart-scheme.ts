import { useColorScheme, useTheme, type Palette, type Theme } from '@mui/material/styles';
import { usePrinting } from '@/components/print/use-printing';

/**
 * The colour scheme in force and its palette, for SVG charts: they need concrete colours, and
 * with CSS-variable themes `theme.palette` is the light scheme's.
 */
export function useChartScheme(): { scheme: 'light' | 'dark'; palette: Palette } {
  const theme = useTheme<
    Theme & { colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>> }
  >();
  const { mode, systemMode } = useColorScheme();
  // Paper is white: a chart printed from the dark scheme is drawn in the light one.
  const printing = usePrinting() !== null;
  const scheme = printing ? 'light' : ((mode === 'system' ? systemMode : mode) ?? 'light');
  return { scheme, palette: theme.colorSchemes?.[scheme]?.palette ?? theme.palette };
}
