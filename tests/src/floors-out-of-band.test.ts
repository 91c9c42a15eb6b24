/** Which rooms of which floors count as out of band on a building's stacking plan. */
import { comfortRulesOf, roomBands } from '@/shared/rules/space-bands';
import { describe, expect, it } from 'vitest';
import type { ComfortBands } from '@/shared/rules/comfort';
import { floorsOutOfBand, type ConditionReading } from '@/domain/room-conditions';

const now = Date.UTC(2026, 10, 24, 12);
const bands: ComfortBands = {
  temperature: { low: 20, high: 24, unit: '°C', source: 'EN 16798-1 category II' },
  co2: { high: 1000, unit: 'ppm', source: 'CO₂ 1,000 ppm guideline' },
  humidity: { low: 25, high: 60, unit: '%', source: 'EN 16798-1 category II' },
};
const reading = (
  room: string,
  floorId: string,
  pointType: string,
  value: number,
  ageMinutes = 5,
): ConditionReading => ({
  id: `${room}-${pointType}`,
  pointType,
  value,
  time: now - ageMinutes * 60_000,
  measuredId: room,
  spaceId: room,
  floorId,
});

describe('floorsOutOfBand', () => {
  it('counts each room once, out of band when any banded reading is', () => {
    const floors = floorsOutOfBand(
      [
        reading('r1', 'f1', 'Air_Temperature_Sensor', 27),
        reading('r1', 'f1', 'CO2_Sensor', 1500),
        reading('r2', 'f1', 'Air_Temperature_Sensor', 21),
        reading('r3', 'f2', 'Relative_Humidity_Sensor', 45),
      ],
      now,
      () => bands,
    );
    expect(floors.get('f1')).toEqual({
      roomsWithBands: 2,
      roomsOutOfBand: 1,
      roomsOutsideHours: 0,
    });
    expect(floors.get('f2')).toEqual({
      roomsWithBands: 1,
      roomsOutOfBand: 0,
      roomsOutsideHours: 0,
    });
  });

  it('leaves out meters of whole floors, kinds without a band and stale readings', () => {
    const floors = floorsOutOfBand(
      [
        { ...reading('f1', 'f1', 'Air_Temperature_Sensor', 40), spaceId: 'r0' },
        reading('r1', 'f1', 'Illuminance_Sensor', 90_000),
        reading('r2', 'f1', 'Air_Temperature_Sensor', 35, 3 * 60),
      ],
      now,
      () => bands,
    );
    // r2 reports a banded kind (stale, so not judged); r1 has no banded kind; the meter is no room.
    expect(floors.get('f1')).toEqual({
      roomsWithBands: 1,
      roomsOutOfBand: 0,
      roomsOutsideHours: 0,
    });
  });

  it('counts rooms read outside the comfort hours apart, never out of band', () => {
    const hours = {
      days: [1, 2, 3, 4, 5],
      from: '07:00',
      to: '19:00',
      label: 'weekdays 07:00–19:00',
    };
    const evening = Date.UTC(2026, 10, 24, 20);
    const at = (room: string, type: string, value: number, time: number) => ({
      ...reading(room, 'f1', type, value),
      time,
    });
    const floors = floorsOutOfBand(
      [
        // 20:00 in London is after the hours; in Tokyo 05:00 the next morning, before them.
        at('r1', 'Air_Temperature_Sensor', 16, evening - 5 * 60_000),
        at('r2', 'CO2_Sensor', 1500, evening - 5 * 60_000),
      ],
      evening,
      () => bands,
      { hours, timeZone: 'Europe/London' },
    );
    expect(floors.get('f1')).toEqual({
      roomsWithBands: 2,
      roomsOutOfBand: 0,
      roomsOutsideHours: 2,
    });
    // Read at 18:55 on the site's clock, the same cold room is out of band.
    const inHours = floorsOutOfBand(
      [at('r1', 'Air_Temperature_Sensor', 16, Date.UTC(2026, 10, 24, 18, 55))],
      Date.UTC(2026, 10, 24, 19),
      () => bands,
      { hours, timeZone: 'Europe/London' },
    );
    expect(inHours.get('f1')).toEqual({
      roomsWithBands: 1,
      roomsOutOfBand: 1,
      roomsOutsideHours: 0,
    });
  });
});

describe('floorsOutOfBand with rooms judged by their type', () => {
  it('leaves a room whose type has no bands out of the counts, however warm it is', () => {
    const storeRoom = roomBands(comfortRulesOf(bands), { type: 'Storage' });
    const floors = floorsOutOfBand(
      [
        reading('office', 'f1', 'Air_Temperature_Sensor', 27),
        reading('store', 'f1', 'Air_Temperature_Sensor', 31),
        reading('store', 'f1', 'CO2_Sensor', 2400),
      ],
      now,
      (roomId) => (roomId === 'store' ? storeRoom : bands),
    );
    expect(floors.get('f1')).toEqual({
      roomsWithBands: 1,
      roomsOutOfBand: 1,
      roomsOutsideHours: 0,
    });
  });
});
