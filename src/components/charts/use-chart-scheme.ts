import { useColorScheme, useTheme, type Palette, type Theme } from '@mui/material/styles';

/**
 * The colour scheme in force and its palette, for SVG charts: they need concrete colours, and
 * with CSS-variable themes `theme.palette` is the light scheme's.
 */
export function useChartScheme(): { scheme: 'light' | 'dark'; palette: Palette } {
  const theme = useTheme<
    Theme & { colorSchemes?: Partial<Record<'light' | 'dark', { palette: Palette }>> }
  >();
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' ? systemMode : mode) ?? 'light';
  return { scheme, palette: theme.colorSchemes?.[scheme]?.palette ?? theme.palette };
}
