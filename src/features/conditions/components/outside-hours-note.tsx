import Typography from '@mui/material/Typography';
import type { ComfortSchedule } from '@/shared/rules/comfort';

/** "weekdays 07:00–19:00, Europe/Oslo time": when the bands apply, on whose clock. */
export function describeSchedule(schedule: ComfortSchedule): string {
  return `${schedule.hours.label}, ${schedule.timeZone ? `${schedule.timeZone} time` : 'UTC'}`;
}

/**
 * Said where a place's readings were all taken outside the comfort hours: shown, not judged, so a
 * room cooled at night on purpose is not called too cold.
 */
export function OutsideHoursNote({ schedule }: { schedule: ComfortSchedule }) {
  return (
    <Typography role="status">
      Outside the comfort hours ({describeSchedule(schedule)}): readings are shown, not judged
      against their bands.
    </Typography>
  );
}
