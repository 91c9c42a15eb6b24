import { useMemo } from 'react';
import { useCapabilities } from '@/api/get-capabilities';
import type { ComfortSchedule } from '@/shared/rules/comfort';

/**
 * What a place's readings are judged with: the BFF's bands, and its comfort hours on the clock of
 * the place's site (`timeZone`, the site record's; UTC when it has none).
 */
export function useComfort(timeZone: string | null | undefined) {
  const capabilities = useCapabilities();
  const hours = capabilities.data?.comfortHours;
  const schedule = useMemo<ComfortSchedule | undefined>(
    () => (hours ? { hours, timeZone } : undefined),
    [hours, timeZone],
  );
  return { capabilities, bands: capabilities.data?.comfortBands, schedule };
}
