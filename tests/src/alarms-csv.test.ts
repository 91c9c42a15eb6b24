import { describe, expect, it } from 'vitest';
import { alarmsCsv, alarmsCsvName } from '@/features/alarms/utils/alarms-csv';
import { toCsv } from '@/lib/csv';
import type { AlarmSummary } from '@/shared/contracts/alarms';

const alarm: AlarmSummary = {
  id: 7,
  kind: 'comfort',
  severity: 'critical',
  measure: 'co2',
  direction: 'high',
  value: 1639,
  unit: 'ppm',
  band: { low: null, high: 1000, source: 'CO₂ 1,000 ppm guideline' },
  measurementId: 'm-7',
  sensorName: 'CO2 sensor',
  readingAt: '2026-11-24T10:25:00.000Z',
  buildingId: 'b-1',
  buildingName: 'Skyline Tower',
  levelKey: 'f-4',
  levelName: 'Level 4',
  roomId: 'r-412',
  roomName: 'Room 4.12',
  raisedAt: '2026-11-24T10:30:00.000Z',
  clearedAt: null,
  acknowledgedAt: '2026-11-24T10:41:00.000Z',
  acknowledgedBy: { sub: 'demo-ana', name: 'Ana Operator' },
  assignee: { sub: 'demo-ben', name: null },
  chattering: false,
  reRaised: 0,
  lastComment: '=HYPERLINK("http://evil")',
  escalatedAt: null,
  silencedUntil: null,
  detail: null,
};

describe("the worklist's CSV", () => {
  it('has one row per alarm in the words of the screen, times in UTC, ids to look up', () => {
    const { header, rows } = alarmsCsv([alarm]);
    expect(Object.fromEntries(header.map((name, index) => [name, rows[0]![index]]))).toEqual({
      Severity: 'Critical',
      What: 'Stale air: 1,639 ppm, above the band ≤ 1,000 ppm',
      Building: 'Skyline Tower',
      Floor: 'Level 4',
      Room: 'Room 4.12',
      'Raised (UTC)': '2026-11-24 10:30',
      'Cleared (UTC)': '',
      'Acknowledged by': 'Ana Operator',
      'Acknowledged (UTC)': '2026-11-24 10:41',
      'Assigned to': 'demo-ben',
      Chattering: 'no',
      'Last note': '=HYPERLINK("http://evil")',
      'Alarm id': 7,
      'Building id': 'b-1',
      'Room id': 'r-412',
    });
    expect(alarmsCsvName('unacknowledged', Date.UTC(2026, 10, 24, 12))).toBe(
      'storey-alarms-unacknowledged-2026-11-24.csv',
    );
  });

  it('never lets a note start a formula in a spreadsheet', async () => {
    const { header, rows } = alarmsCsv([alarm]);
    const csv = await toCsv(header, rows);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});
