import type { AlarmKind, AlarmSeverity, AlarmSummary, AlarmView } from '@/shared/contracts/alarms';

export const severityLabels: Readonly<Record<AlarmSeverity, string>> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
};

/** The colour each severity's chip is outlined in (MUI palette names). */
export const severityColors: Readonly<Record<AlarmSeverity, 'error' | 'warning' | 'info'>> = {
  critical: 'error',
  major: 'warning',
  minor: 'info',
};

export const viewLabels: Readonly<Record<AlarmView, string>> = {
  open: 'Open',
  unacknowledged: 'Unacknowledged',
  mine: 'Assigned to me',
  cleared: 'Closed',
};

export const kindLabels: Readonly<Record<AlarmKind, string>> = {
  comfort: 'Out of comfort band',
  'no-data': 'No readings',
  'meter-silent': 'Meter silent',
  'meter-stuck': 'Meter stuck',
  quality: 'Data quality',
  'index-failure': 'Index failing',
};

const clock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatMoment = (iso: string) => clock.format(new Date(iso));

/**
 * Condition and handling in words: "Active · not acknowledged", "Cleared · acknowledged by Ana",
 * and whether a silence holds over it.
 */
export function alarmState(alarm: AlarmSummary): string {
  const condition = alarm.clearedAt ? 'Cleared' : 'Active';
  const handling = alarm.acknowledgedAt
    ? `acknowledged by ${alarm.acknowledgedBy?.name ?? alarm.acknowledgedBy?.sub ?? 'someone'}`
    : 'not acknowledged';
  const silenced = alarm.silencedUntil
    ? ` · silenced until ${formatMoment(alarm.silencedUntil)}`
    : '';
  return `${condition} · ${handling}${silenced}`;
}
