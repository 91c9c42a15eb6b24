import { createRandom, hashSeed } from './random.ts';
import type { MetadataEntry } from './records.ts';

/**
 * Devices and their measurements, shaped as the vendor's API guide shows them (field notes,
 * "Devices, measurements, current values"): Brick equipment classes for devices, Brick point
 * classes for measurements, units as the platform writes them. What a room holds is decided by a
 * hash of the room's place in the portfolio, so a building's counts are known at start-up without
 * generating a single device, and every count agrees with the devices listed later.
 */

/** What a measurement measures, as the emulator's series generator knows it. */
export type PointKind =
  'temperature' | 'co2' | 'humidity' | 'occupancy' | 'illuminance' | 'setpoint' | 'energy';

interface PointTemplate {
  name: string;
  type: string;
  unit: string;
  isWriteable: boolean;
}

export const pointTemplates: Record<PointKind, PointTemplate> = {
  temperature: {
    name: 'AirTemperatureSensor',
    type: 'Air_Temperature_Sensor',
    unit: '°C',
    isWriteable: false,
  },
  co2: { name: 'CO2Sensor', type: 'CO2_Sensor', unit: 'ppm', isWriteable: false },
  humidity: {
    name: 'RelativeHumiditySensor',
    type: 'Relative_Humidity_Sensor',
    unit: '%',
    isWriteable: false,
  },
  occupancy: {
    name: 'OccupancyCountSensor',
    type: 'Occupancy_Count_Sensor',
    unit: 'no unit',
    isWriteable: false,
  },
  illuminance: {
    name: 'IlluminanceSensor',
    type: 'Illuminance_Sensor',
    unit: 'lux',
    isWriteable: false,
  },
  setpoint: {
    name: 'AirTemperatureSetpoint',
    type: 'Air_Temperature_Setpoint',
    unit: '°C',
    isWriteable: true,
  },
  energy: { name: 'ActiveEnergy', type: 'Energy_Sensor', unit: 'kWh', isWriteable: false },
};

export type EquipmentKind =
  'iaq' | 'roomControl' | 'peopleCounter' | 'floorMeter' | 'buildingMeter';

interface EquipmentTemplate {
  name: string;
  ontologyType: string;
  points: readonly PointKind[];
  /** What the measurements measure: the room the device is in, its floor, or its building. */
  measures: 'space' | 'floor' | 'building';
}

export const equipmentTemplates: Record<EquipmentKind, EquipmentTemplate> = {
  iaq: {
    name: 'IAQ sensor',
    ontologyType: 'Indoor_Air_Quality_Sensor_Equipment',
    points: ['temperature', 'co2', 'humidity'],
    measures: 'space',
  },
  roomControl: {
    name: 'Room controller',
    ontologyType: 'Room_Control_Equipment',
    points: ['temperature', 'setpoint'],
    measures: 'space',
  },
  peopleCounter: {
    name: 'People counter',
    ontologyType: 'Occupancy_Sensor_Equipment',
    points: ['occupancy', 'illuminance'],
    measures: 'space',
  },
  floorMeter: {
    name: 'Floor electricity meter',
    ontologyType: 'Electrical_Meter',
    points: ['energy'],
    measures: 'floor',
  },
  buildingMeter: {
    name: 'Main electricity meter',
    ontologyType: 'Building_Electrical_Meter',
    points: ['energy'],
    measures: 'building',
  },
};

/**
 * The equipment of one room. The first room of a floor also holds the floor's meter, and the first
 * room of level 0 the building's; about one room in seven has no device at all.
 */
export function equipmentOfRoom(
  seed: string,
  buildingIndex: number,
  level: number,
  room: number,
): EquipmentKind[] {
  const random = createRandom(hashSeed(`${seed}:${buildingIndex}:${level}:${room}:equipment`));
  const kinds: EquipmentKind[] = [];
  if (room === 0) {
    kinds.push('floorMeter');
    if (level === 0) kinds.push('buildingMeter');
  }
  if (random.chance(0.86)) {
    kinds.push('iaq');
    if (random.chance(0.4)) kinds.push('roomControl');
    if (random.chance(0.5)) kinds.push('peopleCounter');
  }
  return kinds;
}

export function countsOf(kinds: readonly EquipmentKind[]): {
  devices: number;
  measurements: number;
} {
  return {
    devices: kinds.length,
    measurements: kinds.reduce((sum, kind) => sum + equipmentTemplates[kind].points.length, 0),
  };
}

export interface MeasurementRecord {
  id: string;
  name: string;
  type: string;
  unit: string;
  context: string | null;
  measuredId: string;
  isWriteable: boolean;
}

export interface DeviceRecord {
  id: string;
  name: string;
  referenceId: string;
  ontologyType: string;
  siteId: string;
  buildingId: string;
  floorId: string;
  spaceId: string;
  deviceGroupId: string;
  source: string;
  commissionedStatus: 0 | 1 | 2;
  commissionedOn: string;
  decommissionedOn: string | null;
  coordinates: { latitude: number; longitude: number };
  metadata: MetadataEntry[];
  measurements: MeasurementRecord[];
}

/** A measurement as the series generator needs it, beside the record the API sends. */
export interface PointEntry {
  record: MeasurementRecord;
  kind: PointKind;
  device: DeviceRecord;
  /** Seeds the conditions of the place measured (shared by the sensors of one room). */
  placeSeed: number;
  /** Seeds what belongs to this sensor alone (its noise). */
  sensorSeed: number;
  /** Seeds the device's outages (a battery swap, a lost radio link). */
  deviceSeed: number;
  measures: EquipmentTemplate['measures'];
  /**
   * The site's standard time ahead of UTC, in 15-minute slots: plant, people and meters keep the
   * site's working day (a Tokyo office is heated in Tokyo's morning, not London's).
   */
  localOffsetSlots: number;
  /** How much a meter uses against a typical place (its area and efficiency); 1 for sensors. */
  useScale: number;
  /** A main meter whose register hangs now and then (history-series.ts `stuckSince`). */
  stuckProne: boolean;
}

export interface DeviceEntry {
  record: DeviceRecord;
  points: PointEntry[];
}

const offsetCache = new Map<string, number>();

/**
 * A zone's standard offset from UTC in 15-minute slots: the smaller of its January and July
 * offsets. One constant per site, not the day's own offset, so a cumulative meter never steps back
 * an hour when the clocks change and any slot's value stays computable alone.
 */
export function standardOffsetSlots(timeZone: string | null | undefined): number {
  if (!timeZone) return 0;
  let slots = offsetCache.get(timeZone);
  if (slots === undefined) {
    const minutesAt = (at: string) => {
      const name =
        new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
          .formatToParts(new Date(at))
          .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    };
    slots = Math.round(
      Math.min(minutesAt('2026-01-15T12:00:00Z'), minutesAt('2026-07-15T12:00:00Z')) / 15,
    );
    offsetCache.set(timeZone, slots);
  }
  return slots;
}

const noMetadata = Object.freeze([]) as unknown as MetadataEntry[];

type RoomOfDevices = {
  kinds: readonly EquipmentKind[];
  space: {
    id: string;
    referenceId: string | null;
    siteId: string;
    buildingId: string;
    floorId: string;
  };
  /** The site's IANA time zone; UTC when it has none. */
  timeZone?: string | null;
  /** The m² a building's and a floor's meter serve (0 or absent: the platform gives none). */
  meteredArea?: { building: number | null | undefined; floor: number | null | undefined };
  /** The building's main meter hangs now and then, whatever its seed. */
  stuckMeter?: boolean;
};

/** One measurement point of a device: its record (added to the device's) and its seeds. */
function pointOfDevice(
  input: RoomOfDevices,
  device: DeviceRecord,
  measures: EquipmentTemplate['measures'],
  measuredId: string,
  localOffsetSlots: ReturnType<typeof standardOffsetSlots>,
  pointKind: PointKind,
): PointEntry {
  const point = pointTemplates[pointKind];
  const measurement: MeasurementRecord = {
    id: createRandom(`${device.id}:${pointKind}`).guid(),
    name: point.name,
    type: point.type,
    unit: point.unit,
    context: null,
    measuredId,
    isWriteable: point.isWriteable,
  };
  device.measurements.push(measurement);
  // A meter uses in proportion to the floor area it serves (a place without one counts as a
  // typical one), some buildings more efficiently than others: 8–23 kWh per m² a month.
  const served =
    measures === 'building'
      ? (input.meteredArea?.building || 2500) / 2500
      : measures === 'floor'
        ? (input.meteredArea?.floor || 600) / 600
        : 1;
  const efficiency = 0.7 + 0.8 * createRandom(`${measuredId}:efficiency`).next();
  return {
    record: measurement,
    kind: pointKind,
    device,
    placeSeed: hashSeed(measuredId),
    sensorSeed: hashSeed(measurement.id),
    deviceSeed: hashSeed(device.id),
    measures,
    localOffsetSlots,
    useScale: served * efficiency,
    // One main meter in about 30 hangs now and then; the portfolio names one that surely does.
    stuckProne:
      measures === 'building' &&
      pointKind === 'energy' &&
      (input.stuckMeter === true || createRandom(`${measurement.id}:stuck`).next() < 0.035),
  };
}

/** The device records of one room, with ids that depend only on the room's id and position. */
export function devicesOfRoom(input: RoomOfDevices): DeviceEntry[] {
  const { space } = input;
  const localOffsetSlots = standardOffsetSlots(input.timeZone);
  const deviceGroupId = createRandom(`${space.buildingId}:device-group`).guid();
  return input.kinds.map((kind, index) => {
    const template = equipmentTemplates[kind];
    const random = createRandom(`${space.id}:device:${index}`);
    const id = random.guid();
    const measuredId =
      template.measures === 'space'
        ? space.id
        : template.measures === 'floor'
          ? space.floorId
          : space.buildingId;
    const record: DeviceRecord = {
      id,
      name: template.name,
      referenceId: `${space.referenceId ?? space.id}-D${index}`,
      ontologyType: template.ontologyType,
      siteId: space.siteId,
      buildingId: space.buildingId,
      floorId: space.floorId,
      spaceId: space.id,
      deviceGroupId,
      source: 'EcoStruxure Building Operation',
      commissionedStatus: 1,
      commissionedOn: '2023-04-12T08:00:00+00:00',
      decommissionedOn: null,
      coordinates: { latitude: 0, longitude: 0 },
      metadata: noMetadata,
      measurements: [],
    };
    const points = template.points.map((pointKind) =>
      pointOfDevice(input, record, template.measures, measuredId, localOffsetSlots, pointKind),
    );
    return { record, points };
  });
}
