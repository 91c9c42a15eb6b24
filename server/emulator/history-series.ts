import { createRandom, hashSeed } from './random.ts';

/**
 * Plausible, deterministic measurement series for the historical-values endpoints: the value at
 * a time depends only on the place, the measurement and the time, so any range of any length
 * reads the same points and tests can predict them.
 */
export const historyStepMs = 15 * 60 * 1000;
const slotsPerDay = 96;
const dayMs = 24 * 60 * 60 * 1000;

export type HistoryPlaceLevel = 'Buildings' | 'Floors' | 'Spaces';
export type MeasurementKind = 'temperature' | 'co2' | 'occupancy' | 'energy';

/** What each level of the hierarchy measures (one line per measurement in the dashboard). */
export const measurementsByLevel: Record<HistoryPlaceLevel, readonly MeasurementKind[]> = {
  Buildings: ['energy', 'occupancy'],
  Floors: ['temperature', 'energy'],
  Spaces: ['temperature', 'co2', 'occupancy'],
};

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

/** Monday-Friday, 08:00-18:00 UTC: when people are in and plant runs harder. */
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

interface Place {
  seed: number;
  level: HistoryPlaceLevel;
}

/** People present: a working-day curve with a lunch dip, none at night and at weekends. */
function occupancyShare(place: Place, slot: number): number {
  const day = Math.floor(slot / slotsPerDay);
  const inDay = mod(slot, slotsPerDay);
  if (!isWorkday(day) || inDay < workStartSlot || inDay >= workStartSlot + workSlots) return 0;
  const progress = (inDay - workStartSlot + 0.5) / workSlots;
  const lunchDip = Math.abs(progress - 0.45) < 0.06 ? 0.6 : 1;
  return Math.sin(Math.PI * progress) * lunchDip * (0.7 + 0.3 * unit(place.seed ^ 0x0cc, slot));
}

function capacity(place: Place): number {
  return place.level === 'Spaces' ? 2 + (place.seed % 11) : 40 + (place.seed % 400);
}

function valueAt(place: Place, kind: MeasurementKind, slot: number): number {
  const day = Math.floor(slot / slotsPerDay);
  const hour = mod(slot, slotsPerDay) / 4;
  switch (kind) {
    case 'temperature': {
      // A faulty reading now and then, as real sensors send.
      if (unit(place.seed ^ 0x0f1, slot) < 0.0015) return 85;
      const heated = isWorkday(day) && hour >= 6.5 && hour < 19;
      const base = heated ? 21.2 : isWorkday(day) ? 18.4 : 17.6;
      const daily = 0.6 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
      const noise = (unit(place.seed ^ 0x7e3, slot) - 0.5) * 0.4;
      return Math.round((base + daily + noise) * 10) / 10;
    }
    case 'co2': {
      if (unit(place.seed ^ 0x0f2, slot) < 0.001) return 5000;
      const noise = unit(place.seed ^ 0xc02, slot) * 40;
      return Math.round(410 + occupancyShare(place, slot) * 650 + noise);
    }
    case 'occupancy':
      return Math.round(occupancyShare(place, slot) * capacity(place));
    case 'energy': {
      // A cumulative meter (kWh) that is replaced, and so starts again from 0, every 120 days.
      const period = 120 * slotsPerDay;
      const offset = mod(place.seed, period);
      const resetSlot = Math.floor((slot - offset) / period) * period + offset;
      const scale = place.level === 'Buildings' ? 4 : 1;
      const consumed = (s: number) => scale * (1.5 * s + 4.5 * workSlotsBefore(s));
      return Math.round((consumed(slot) - consumed(resetSlot)) * 10) / 10;
    }
  }
}

/** Three hours without readings on about one day in fourteen, as when a gateway is offline. */
function inGap(place: Place, slot: number): boolean {
  const day = Math.floor(slot / slotsPerDay);
  if (unit(place.seed ^ 0x6a9, day) >= 0.07) return false;
  const start = Math.floor(unit(place.seed ^ 0x6aa, day) * (slotsPerDay - 12));
  const inDay = mod(slot, slotsPerDay);
  return inDay >= start && inDay < start + 12;
}

export function measurementValueId(placeId: string, kind: MeasurementKind): string {
  return createRandom(`${placeId}:${kind}`).guid();
}

/** The readings of one place in [from, to), oldest first, every measurement at each time. */
export function historicalValues(
  level: HistoryPlaceLevel,
  placeId: string,
  range: { from: number; to: number },
): HistoricalValue[] {
  const place: Place = { seed: hashSeed(placeId), level };
  const kinds = measurementsByLevel[level].map((kind) => ({
    kind,
    id: measurementValueId(placeId, kind),
  }));
  const values: HistoricalValue[] = [];
  const first = Math.ceil(range.from / historyStepMs);
  for (let slot = first; slot * historyStepMs < range.to; slot++) {
    if (inGap(place, slot)) continue;
    const timestamp = new Date(slot * historyStepMs).toISOString().replace('.000Z', '+00:00');
    for (const { kind, id } of kinds) {
      const value = valueAt(place, kind, slot);
      values.push({
        measurementValueId: id,
        value: kind === 'temperature' || kind === 'energy' ? value.toFixed(1) : String(value),
        timestamp,
      });
    }
  }
  return values;
}

export const maximumHistoryDays = 400;
export const historyDayMs = dayMs;
