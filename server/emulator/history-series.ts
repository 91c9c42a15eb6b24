import type { PointEntry, PointKind } from './devices.ts';

/**
 * Plausible, deterministic readings for the historical and current values: the value of a
 * measurement at a time depends only on the measurement, the place it measures and the time, so
 * any range of any length reads the same points, the latest reading is the current value, and
 * tests can predict both.
 */
export const historyStepMs = 15 * 60 * 1000;
const slotsPerDay = 96;
const dayMs = 24 * 60 * 60 * 1000;

export interface HistoricalValue {
  measurementValueId: string;
  /** The platform sends values as strings. */
  value: string;
  /** UTC with "+00:00", as the platform writes date-times. */
  timestamp: string;
}

/** Remainder that stays positive for times before 1970. */
const mod = (value: number, by: number) => ((value % by) + by) % by;

/** A number in [0, 1) for one (seed, n) pair: a hash, not a stream, so any slot is reachable alone. */
function unit(seed: number, n: number): number {
  let t = (seed ^ Math.imul(n | 0, 0x9e3779b1)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Monday-Friday, 08:00-18:00 site time: when people are in and plant runs harder. */
const workStartSlot = 32;
const workSlots = 40;
const isWorkday = (day: number) => {
  const weekday = mod(day + 4, 7); // 1970-01-01 was a Thursday; 0 is Sunday
  return weekday >= 1 && weekday <= 5;
};

/** Working slots from the epoch up to (not including) `slot`, in closed form. */
function workSlotsBefore(slot: number): number {
  const day = Math.floor(slot / slotsPerDay);
  let workdays = Math.floor(day / 7) * 5;
  for (let d = day - mod(day, 7); d < day; d++) if (isWorkday(d)) workdays++;
  const today = isWorkday(day)
    ? Math.min(Math.max(mod(slot, slotsPerDay) - workStartSlot, 0), workSlots)
    : 0;
  return workdays * workSlots + today;
}

const slotsPerYear = 365.25 * slotsPerDay;
/** Weather comes and goes over about nine days: no week uses exactly what the last one did. */
const weatherSlots = 9.3 * slotsPerDay;

/**
 * The plant's base load (1.5 per slot on average) up to `slot`, in closed form: more in winter
 * (a quarter more in mid-January, a quarter less in mid-July) and with the weather (±15 %, its
 * phase the place's own), so a meter's weeks and months differ as real ones do. The rate never
 * falls below 0.9, so a meter only ever rises.
 */
function baseLoadBefore(slot: number, placeSeed: number): number {
  const season = 0.25;
  const weather = 0.15;
  // Mid-January, counted from the epoch (1 January 1970).
  const winter = 15 * slotsPerDay;
  const phase = unit(placeSeed ^ 0x3ea, 0) * 2 * Math.PI;
  const integral = (amplitude: number, period: number, shift: number) =>
    ((amplitude * period) / (2 * Math.PI)) * Math.sin((2 * Math.PI * slot) / period + shift);
  return (
    1.5 *
    (slot +
      integral(season, slotsPerYear, (-2 * Math.PI * winter) / slotsPerYear) +
      integral(weather, weatherSlots, phase))
  );
}

/** People present: a working-day curve with a lunch dip, none at night and at weekends. */
function occupancyShare(placeSeed: number, slot: number): number {
  const day = Math.floor(slot / slotsPerDay);
  const inDay = mod(slot, slotsPerDay);
  if (!isWorkday(day) || inDay < workStartSlot || inDay >= workStartSlot + workSlots) return 0;
  const progress = (inDay - workStartSlot + 0.5) / workSlots;
  const lunchDip = Math.abs(progress - 0.45) < 0.06 ? 0.6 : 1;
  return Math.sin(Math.PI * progress) * lunchDip * (0.7 + 0.3 * unit(placeSeed ^ 0x0cc, slot));
}

/**
 * What a room is like, fixed per room: some run warm, some are badly ventilated, some dry, as a
 * real portfolio has a few rooms out of their comfort band at any working hour.
 */
const roomTraits = (placeSeed: number) => ({
  warm: unit(placeSeed ^ 0x3a1, 0) < 0.1,
  stuffy: unit(placeSeed ^ 0x5c0, 0) < 0.12,
  dry: unit(placeSeed ^ 0x7d2, 0) < 0.08,
  capacity: 2 + (placeSeed % 11),
  setpoint: unit(placeSeed ^ 0x5e7, 0) < 0.5 ? 21 : 22,
});

const heatedAt = (slot: number) => {
  const day = Math.floor(slot / slotsPerDay);
  const hour = mod(slot, slotsPerDay) / 4;
  return isWorkday(day) && hour >= 6 && hour < 19;
};

function valueAt(point: PointEntry, utcSlot: number): number {
  // The working day, the plant's schedule and the meter run on the site's clock.
  const slot = utcSlot + point.localOffsetSlots;
  const day = Math.floor(slot / slotsPerDay);
  const hour = mod(slot, slotsPerDay) / 4;
  const traits = roomTraits(point.placeSeed);
  switch (point.kind) {
    case 'temperature': {
      // A faulty reading now and then, as real sensors send.
      if (unit(point.sensorSeed ^ 0x0f1, slot) < 0.0015) return 85;
      const heated = heatedAt(slot);
      const base = heated ? (traits.warm ? 25.4 : 21.2) : isWorkday(day) ? 18.4 : 17.6;
      const daily = 0.6 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
      const noise = (unit(point.sensorSeed ^ 0x7e3, slot) - 0.5) * 0.4;
      return Math.round((base + daily + noise) * 10) / 10;
    }
    case 'setpoint':
      return heatedAt(slot) ? traits.setpoint : 16;
    case 'co2': {
      if (unit(point.sensorSeed ^ 0x0f2, slot) < 0.001) return 5000;
      const noise = unit(point.sensorSeed ^ 0xc02, slot) * 40;
      const rise = traits.stuffy ? 1250 : 650;
      return Math.round(410 + occupancyShare(point.placeSeed, slot) * rise + noise);
    }
    case 'humidity': {
      const base = traits.dry ? 21 : 42;
      const daily = 5 * Math.sin((2 * Math.PI * (hour - 14)) / 24);
      const noise = (unit(point.sensorSeed ^ 0x4a1, slot) - 0.5) * 2;
      return Math.round((base + daily + noise) * 10) / 10;
    }
    case 'occupancy':
      return Math.round(occupancyShare(point.placeSeed, slot) * traits.capacity);
    case 'illuminance': {
      const share = occupancyShare(point.placeSeed, slot);
      if (share === 0) return Math.round(unit(point.sensorSeed ^ 0x111, slot) * 12);
      return Math.round(320 + 200 * unit(point.sensorSeed ^ 0x112, slot));
    }
    case 'energy': {
      // A cumulative meter (kWh) that is replaced, and so starts again from 0, every 120 days.
      // A stuck register repeats the total it froze at, then jumps to the true one.
      const at = stuckSince(point, slot) ?? slot;
      const period = 120 * slotsPerDay;
      const offset = mod(point.sensorSeed, period);
      const resetSlot = Math.floor((at - offset) / period) * period + offset;
      const scale = (point.measures === 'building' ? 4 : 1) * point.useScale;
      const consumed = (s: number) =>
        scale * (baseLoadBefore(s, point.placeSeed) + 4.5 * workSlotsBefore(s));
      return Math.round((consumed(at) - consumed(resetSlot)) * 10) / 10;
    }
  }
}

const decimals: Record<PointKind, boolean> = {
  temperature: true,
  setpoint: true,
  humidity: true,
  energy: true,
  co2: false,
  occupancy: false,
  illuminance: false,
};

/**
 * A stuck-prone main meter hangs for four local days in every 20 (its register or pulse counter
 * stops) and keeps sending the total it froze at, so those days read as no use at all, then jumps
 * to the true total. Every 30-day period of such a meter has stuck days. The slot (site clock) it
 * froze at, or undefined while it counts.
 */
export function stuckSince(point: PointEntry, localSlot: number): number | undefined {
  if (!point.stuckProne) return undefined;
  const day = Math.floor(localSlot / slotsPerDay);
  const phase = mod(day + (point.sensorSeed % 20), 20);
  return phase < 4 ? (day - phase) * slotsPerDay : undefined;
}

/** Three hours without readings on about one day in fourteen, as when a building's gateway is offline. */
export function gatewayOffline(gatewaySeed: number, slot: number): boolean {
  const day = Math.floor(slot / slotsPerDay);
  if (unit(gatewaySeed ^ 0x6a9, day) >= 0.07) return false;
  const start = Math.floor(unit(gatewaySeed ^ 0x6aa, day) * (slotsPerDay - 12));
  const inDay = mod(slot, slotsPerDay);
  return inDay >= start && inDay < start + 12;
}

/** A quarter of the devices go quiet for three days in every forty (a flat battery, a lost link). */
export function deviceOffline(deviceSeed: number, day: number): boolean {
  if (unit(deviceSeed ^ 0xdea, 0) >= 0.25) return false;
  const offset = Math.floor(unit(deviceSeed ^ 0xbee, 0) * 40);
  return mod(day + offset, 40) < 3;
}

const timestampOf = (slot: number) =>
  new Date(slot * historyStepMs).toISOString().replace('.000Z', '+00:00');

const format = (point: PointEntry, value: number) =>
  decimals[point.kind] ? value.toFixed(1) : String(value);

/**
 * One page of the readings of some measurements in [from, to), oldest first and every reporting
 * measurement at each time, never later than `now`; and how many readings the whole range holds.
 * Counting skips whole time slots, so a late page costs little more than the first.
 */
export function historyPage(input: {
  points: readonly PointEntry[];
  gatewaySeed: number;
  range: { from: number; to: number };
  now: number;
  skip: number;
  take: number;
}): { total: number; values: HistoricalValue[] } {
  const { points, gatewaySeed, skip, take } = input;
  const end = Math.min(input.range.to, input.now + 1);
  const values: HistoricalValue[] = [];
  let index = 0;
  let activeDay = Number.NaN;
  let active: readonly PointEntry[] = points;
  for (let slot = Math.ceil(input.range.from / historyStepMs); slot * historyStepMs < end; slot++) {
    if (gatewayOffline(gatewaySeed, slot)) continue;
    const day = Math.floor(slot / slotsPerDay);
    if (day !== activeDay) {
      activeDay = day;
      active = points.filter((point) => !deviceOffline(point.deviceSeed, day));
    }
    if (index + active.length <= skip || values.length >= take) {
      index += active.length;
      continue;
    }
    const timestamp = timestampOf(slot);
    for (const point of active) {
      if (index >= skip && values.length < take)
        values.push({
          measurementValueId: point.record.id,
          value: format(point, valueAt(point, slot)),
          timestamp,
        });
      index++;
    }
  }
  return { total: index, values };
}

/** The latest reading of a measurement at `now`: the last one its history holds. */
export function latestReading(
  point: PointEntry,
  gatewaySeed: number,
  now: number,
): { value: number; timestamp: string; time: number } | undefined {
  const current = Math.floor(now / historyStepMs);
  // Outages last at most three days; a week back always finds a reading.
  for (let slot = current; slot > current - 7 * slotsPerDay; slot--) {
    if (gatewayOffline(gatewaySeed, slot)) continue;
    if (deviceOffline(point.deviceSeed, Math.floor(slot / slotsPerDay))) continue;
    const value = valueAt(point, slot);
    return {
      value: Number(format(point, value)),
      timestamp: timestampOf(slot),
      time: slot * historyStepMs,
    };
  }
  return undefined;
}

export const maximumHistoryDays = 400;
export const historyDayMs = dayMs;
