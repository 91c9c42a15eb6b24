import { severityRank } from '@/shared/contracts/alarms';
import type { AlarmCandidate } from '../../../server/portfolio-index/alarms/alarm-writes';

/** A room's comfort alarm on Level 4 of building b-1, as the conditions round would raise it. */
export function roomAlarm(
  room: string,
  reading: { measure: 'co2'; value: number } | { measure: 'temperature'; value: number },
  at: number,
): AlarmCandidate {
  const co2 = reading.measure === 'co2';
  return {
    key: `comfort:${room}:${reading.measure}`,
    kind: 'comfort',
    severity: severityRank.major,
    buildingId: 'b-1',
    levelKey: 'f-1',
    levelName: 'Level 4',
    roomId: room,
    roomName: `Room ${room}`,
    measure: reading.measure,
    direction: 'high',
    measurementId: `m-${room}`,
    sensorName: co2 ? 'CO2 sensor' : 'Air temperature',
    value: reading.value,
    unit: co2 ? 'ppm' : '°C',
    bandLow: co2 ? null : 20,
    bandHigh: co2 ? 1000 : 24,
    readingAt: new Date(at),
  };
}
