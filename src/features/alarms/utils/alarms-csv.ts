import type { AlarmSummary, AlarmView } from '@/shared/contracts/alarms';
import { alarmWhat } from '@/shared/rules/alarm-words';
import { fileSlug } from '@/lib/csv';
import { severityLabels } from './alarm-labels';

const header = [
  'Severity',
  'What',
  'Building',
  'Floor',
  'Room',
  'Raised (UTC)',
  'Cleared (UTC)',
  'Acknowledged by',
  'Acknowledged (UTC)',
  'Assigned to',
  'Chattering',
  'Last note',
  'Alarm id',
  'Building id',
  'Room id',
] as const;

const utc = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '');

/** The worklist as a spreadsheet: one row per alarm, its words as the screen has them. */
export function alarmsCsv(alarms: readonly AlarmSummary[]) {
  return {
    header,
    rows: alarms.map((alarm) => [
      severityLabels[alarm.severity],
      alarmWhat(alarm),
      alarm.buildingName,
      alarm.levelName,
      alarm.roomName,
      utc(alarm.raisedAt),
      utc(alarm.clearedAt),
      alarm.acknowledgedBy ? (alarm.acknowledgedBy.name ?? alarm.acknowledgedBy.sub) : '',
      utc(alarm.acknowledgedAt),
      alarm.assignee ? (alarm.assignee.name ?? alarm.assignee.sub) : '',
      alarm.chattering ? 'yes' : 'no',
      alarm.lastComment,
      alarm.id,
      alarm.buildingId,
      alarm.roomId,
    ]),
  };
}

export const alarmsCsvName = (view: AlarmView, at: number) =>
  `storey-alarms-${fileSlug(view)}-${new Date(at).toISOString().slice(0, 10)}.csv`;
