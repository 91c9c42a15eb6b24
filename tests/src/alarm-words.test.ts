import { describe, expect, it } from 'vitest';
import { alarmWhat, alarmWhere } from '@/shared/rules/alarm-words';

const base = {
  kind: 'comfort' as const,
  measure: 'temperature',
  direction: 'high' as const,
  value: 26.46,
  unit: '°C',
  band: { low: 20, high: 24, source: 'EN 16798-1 category II, heating season' },
  sensorName: 'Air temperature 2',
  buildingId: 'b-1',
  buildingName: 'Skyline Tower',
  levelName: 'Level 4',
  roomName: 'Room 4.12',
  roomId: 'r-1',
  detail: null,
};

describe('an alarm in words (the worklist, its page and its e-mail)', () => {
  it('says what is wrong against which band', () => {
    expect(alarmWhat(base)).toBe('Too warm: 26.5 °C, above the band 20–24 °C');
    expect(alarmWhat({ ...base, direction: 'low', value: 18.2 })).toBe(
      'Too cold: 18.2 °C, below the band 20–24 °C',
    );
    expect(
      alarmWhat({
        ...base,
        measure: 'co2',
        value: 1639,
        unit: 'ppm',
        band: { low: null, high: 1000, source: 'CO₂ 1,000 ppm guideline' },
      }),
    ).toBe('Stale air: 1,639 ppm, above the band ≤ 1,000 ppm');
    expect(alarmWhat({ ...base, kind: 'no-data', direction: null, band: null })).toBe(
      'No readings from Air temperature 2',
    );
  });

  it('says where, and names what has no name by its id', () => {
    expect(alarmWhere(base)).toBe('Skyline Tower › Level 4 › Room 4.12');
    expect(alarmWhere({ ...base, buildingName: '  ', levelName: null, roomName: '' })).toBe(
      'Building b-1 › Room r-1',
    );
  });

  it('words the meters, data quality and the index itself', () => {
    const meter = {
      ...base,
      measure: 'energy',
      direction: null,
      band: null,
      sensorName: 'Energy meter m-1',
    };
    expect(alarmWhat({ ...meter, kind: 'meter-silent', value: null })).toBe(
      'Meter silent: no readings from Energy meter m-1 for over 6 hours',
    );
    expect(alarmWhat({ ...meter, kind: 'meter-stuck', value: 0 })).toBe(
      'Meter stuck: Energy meter m-1 counted no use for a whole day',
    );
    expect(alarmWhat({ ...meter, sensorName: null, kind: 'meter-stuck', value: 0 })).toBe(
      "Meter stuck: the building's main energy meter counted no use for a whole day",
    );
    expect(
      alarmWhat({
        ...meter,
        kind: 'quality',
        measure: 'name-missing',
        sensorName: 'Name missing',
        detail: null,
      }),
    ).toBe('Data quality: Name missing');
    const failing = {
      ...meter,
      kind: 'index-failure' as const,
      sensorName: 'The sync of the portfolio',
      detail: 'The platform answered 500.',
      buildingId: '',
      buildingName: null,
    };
    expect(alarmWhat(failing)).toBe(
      'The sync of the portfolio failed twice in a row: The platform answered 500.',
    );
    expect(alarmWhere(failing)).toBe('Storey’s portfolio index');
  });
});
