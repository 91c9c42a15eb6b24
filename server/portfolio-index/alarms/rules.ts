import type { BandKind } from '../../../src/shared/rules/comfort.ts';
import type { AlarmSeverity } from '../../../src/shared/contracts/alarms.ts';

/**
 * When a room's reading becomes an alarm and when the alarm ends (decision 0021), as pure
 * functions over what the conditions refresh keeps of each reading: the database code
 * (derive.ts, alarm-writes.ts) only read and write what these decide.
 */

export interface AlarmRules {
  /** Consecutive readings out of band before an alarm is raised (the on-delay). */
  onDelayChecks: number;
  /**
   * How far back inside its band a reading must be to clear an alarm, as a share of the band's
   * width (the deadband): a reading hovering at the limit does not raise and clear in turn.
   */
  deadband: number;
  /** Raise/clear cycles within `chatterWindowMs` that mark an alarm as chattering. */
  chatterCycles: number;
  chatterWindowMs: number;
  /** Alarms of one building raised within this window are told in one message per person. */
  groupWindowMs: number;
}

export const defaultAlarmRules: AlarmRules = {
  onDelayChecks: 2,
  deadband: 0.1,
  chatterCycles: 3,
  chatterWindowMs: 6 * 60 * 60 * 1000,
  groupWindowMs: 5 * 60 * 1000,
};

/** The severity of a comfort alarm from how far out its reading is (a share of the band's width). */
export function comfortSeverity(outShare: number): AlarmSeverity {
  if (outShare >= 1) return 'critical';
  if (outShare >= 0.25) return 'major';
  return 'minor';
}

/** One reading's streaks after a new value was judged: consecutive readings out, and back inside. */
export function nextStreaks(
  previous: { outChecks: number; inChecks: number } | undefined,
  judged: { out: boolean; insideByDeadband: boolean },
): { outChecks: number; inChecks: number } {
  return {
    outChecks: judged.out ? (previous?.outChecks ?? 0) + 1 : 0,
    inChecks: judged.insideByDeadband ? (previous?.inChecks ?? 0) + 1 : 0,
  };
}

/** What the refresh knows of one sensor of a room for one banded kind. */
export interface SensorState {
  measurementId: string;
  kind: BandKind;
  status: string;
  value: number | null;
  unit: string | null;
  outShare: number;
  outChecks: number;
  inChecks: number;
  readingAt: Date;
}

export type ComfortCondition =
  | {
      /** Confirmed out of band: raise (or keep) the room's alarm with its worst reading. */
      state: 'out';
      worst: SensorState;
    }
  | { state: 'back-inside' }
  /** Neither confirmed out nor back inside by the deadband (or no reading to judge): no change. */
  | { state: 'undecided' };

/**
 * A room's condition for one kind from all its sensors of that kind. Out when any sensor has been
 * out for the on-delay; back inside only when every fresh sensor is inside by the deadband (or
 * the comfort hours ended); a sensor that went silent never clears it (that is a no-data alarm).
 */
export function comfortCondition(
  sensors: readonly SensorState[],
  rules: AlarmRules,
): ComfortCondition {
  const confirmed = sensors
    .filter(
      (sensor) =>
        (sensor.status === 'low' || sensor.status === 'high') &&
        sensor.outChecks >= rules.onDelayChecks,
    )
    .sort((a, b) => b.outShare - a.outShare || a.measurementId.localeCompare(b.measurementId));
  if (confirmed[0]) return { state: 'out', worst: confirmed[0] };
  const judged = sensors.filter((sensor) => sensor.status !== 'stale');
  if (judged.length === 0) return { state: 'undecided' };
  const inside = judged.every(
    (sensor) =>
      // A room no longer judged on the kind (its type's bands leave it out) is not out of band.
      sensor.status === 'outside-hours' ||
      sensor.status === 'no-band' ||
      (sensor.status === 'in-band' && sensor.inChecks >= 1),
  );
  return inside ? { state: 'back-inside' } : { state: 'undecided' };
}

/** Whether a re-raise makes an alarm chattering: `cycles` raises within the window. */
export function isChattering(raises: readonly Date[], now: number, rules: AlarmRules): boolean {
  return (
    raises.filter((at) => now - at.getTime() <= rules.chatterWindowMs).length >= rules.chatterCycles
  );
}
