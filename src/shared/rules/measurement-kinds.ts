/**
 * What a measurement is, in a facility manager's words, from its Brick point class (the platform's
 * `type` / `ontologyType`): "Air_Temperature_Sensor" reads "Air temperature". Also what a
 * plausible reading of that kind is, so a faulty 85 °C is marked rather than believed.
 */
export interface MeasurementKind {
  /** Plain words: "Air temperature", "CO₂". */
  label: string;
  /** Readings outside this are physically implausible for the kind (a faulty sensor). */
  plausible?: readonly [number, number];
  /** A meter that counts up (kWh): shown as use per period, not as its running total. */
  cumulative?: boolean;
  /** A smooth physical quantity: a lone jump far from both neighbours is a faulty reading. */
  spikes?: boolean;
}

const kinds: Record<string, MeasurementKind> = {
  Air_Temperature_Sensor: { label: 'Air temperature', plausible: [-30, 60], spikes: true },
  Zone_Air_Temperature_Sensor: { label: 'Air temperature', plausible: [-30, 60], spikes: true },
  Air_Temperature_Setpoint: { label: 'Temperature setpoint', plausible: [5, 35] },
  // 5,000 ppm is the full scale of common NDIR sensors: a reading there is the sensor saturated
  // or failing, not the air.
  CO2_Sensor: { label: 'CO₂', plausible: [300, 4999], spikes: true },
  Relative_Humidity_Sensor: { label: 'Relative humidity', plausible: [0, 100], spikes: true },
  Occupancy_Count_Sensor: { label: 'Occupancy count', plausible: [0, 10_000] },
  Occupancy_Sensor: { label: 'Occupancy' },
  Motion_Sensor: { label: 'Motion' },
  Illuminance_Sensor: { label: 'Illuminance', plausible: [0, 100_000] },
  'PM2.5_Sensor': { label: 'PM2.5', plausible: [0, 1000] },
  TVOC_Sensor: { label: 'TVOC', plausible: [0, 60_000] },
  Sound_Pressure_Level_Sensor: { label: 'Sound level', plausible: [0, 140] },
  Energy_Sensor: { label: 'Electricity', cumulative: true },
  Active_Energy_Sensor: { label: 'Electricity', cumulative: true },
};

/** "Some_New_Sensor" → "Some new sensor": a type Storey does not know still reads as words. */
const wordsOf = (type: string) => {
  const text = type.replace(/_/g, ' ').trim().toLowerCase();
  return text ? text[0]!.toUpperCase() + text.slice(1) : 'Measurement';
};

export function measurementKind(type: string | null | undefined): MeasurementKind {
  if (!type) return { label: 'Measurement' };
  return kinds[type] ?? { label: wordsOf(type) };
}

/** The platform writes "no unit" for counts; people read nothing there. */
export const displayUnit = (unit: string | null | undefined): string =>
  !unit || unit.trim().toLowerCase() === 'no unit' ? '' : unit.trim();
