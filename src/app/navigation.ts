import { useColorScheme } from '@mui/material/styles';
import { paths } from '@/config/paths';

export interface MainLink {
  label: string;
  to: string;
  end: boolean;
}

/** Where the app bar leads, wide (links) or narrow (the Menu). */
export const mainLinks = [
  { label: 'Portfolio', to: paths.portfolio(), end: true },
  { label: 'Sites', to: paths.sites(), end: false },
  { label: 'Needs attention', to: paths.attention(), end: false },
  { label: 'Alarms', to: paths.alarms(), end: false },
  { label: 'Energy', to: paths.energy(), end: false },
  { label: 'Data quality', to: paths.quality(), end: false },
] as const satisfies readonly MainLink[];

/** The other colour scheme, its label, and the switch to it. */
export function useSchemeSwitch() {
  const { mode, systemMode, setMode } = useColorScheme();
  const current = mode === 'system' ? systemMode : mode;
  const next = current === 'dark' ? 'light' : 'dark';
  return { next, label: next === 'dark' ? '☾ Dark' : '☀ Light', switch: () => setMode(next) };
}
