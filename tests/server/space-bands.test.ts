/**
 * Which bands a room is judged by (src/shared/rules/space-bands.ts): its type's, at its site. A
 * store room, a plant room or a toilet is not judged by the office bands, a server room has its
 * own envelope, and the settings (COMFORT_BANDS_BY_TYPE) win over the defaults.
 */
import { describe, expect, it } from 'vitest';
import { comfortVerdict, defaultComfortBands } from '@/shared/rules/comfort';
import {
  comfortRulesOf,
  roomBands,
  spaceUseOf,
  type SpaceBandRule,
} from '@/shared/rules/space-bands';

const now = Date.UTC(2026, 10, 24, 12);
const verdictIn = (
  type: string | null,
  pointType: string,
  value: number,
  rules: SpaceBandRule[] = [],
) =>
  comfortVerdict(
    { type: pointType, value, time: now, now },
    roomBands(comfortRulesOf(defaultComfortBands, rules), { type, siteId: 'site-1' }),
  ).status;

describe('space bands', () => {
  it("reads the platform's type names however they are written", () => {
    expect(spaceUseOf('ServerRoom')).toBe('data-room');
    expect(spaceUseOf('Server_Room')).toBe('data-room');
    expect(spaceUseOf('Data Center')).toBe('data-room');
    expect(spaceUseOf('Bathroom')).toBe('sanitary');
    expect(spaceUseOf('Restroom')).toBe('sanitary');
    expect(spaceUseOf('Storage')).toBe('not-occupied');
    expect(spaceUseOf('Mechanical_Room')).toBe('not-occupied');
    expect(spaceUseOf('Corridor')).toBe('not-occupied');
    for (const type of ['Office', 'MeetingRoom', 'Kitchen', 'Reception', 'Laboratory', null, ''])
      expect(spaceUseOf(type)).toBe('occupied');
  });

  it('judges rooms people work in by the office bands, and an unknown type as one of them', () => {
    expect(verdictIn('Office', 'Air_Temperature_Sensor', 26)).toBe('high');
    expect(verdictIn(null, 'CO2_Sensor', 1400)).toBe('high');
    expect(verdictIn('Laboratory', 'Air_Temperature_Sensor', 22)).toBe('in-band');
  });

  it('does not judge store rooms, plant rooms or bathrooms by comfort bands', () => {
    for (const type of ['Storage', 'Plant_Room', 'Bathroom', 'Corridor'])
      for (const [pointType, value] of [
        ['Air_Temperature_Sensor', 31],
        ['CO2_Sensor', 2500],
        ['Relative_Humidity_Sensor', 90],
      ] as const)
        expect(verdictIn(type, pointType, value), `${type} ${pointType}`).toBe('no-band');
  });

  it('judges a server room by the data-room envelope, not by CO₂', () => {
    expect(verdictIn('ServerRoom', 'Air_Temperature_Sensor', 26)).toBe('in-band');
    expect(verdictIn('ServerRoom', 'Air_Temperature_Sensor', 29)).toBe('high');
    expect(verdictIn('ServerRoom', 'Air_Temperature_Sensor', 17)).toBe('low');
    expect(verdictIn('ServerRoom', 'Relative_Humidity_Sensor', 15)).toBe('in-band');
    expect(verdictIn('ServerRoom', 'Relative_Humidity_Sensor', 70)).toBe('high');
    expect(verdictIn('ServerRoom', 'CO2_Sensor', 2000)).toBe('no-band');
    const band = roomBands(comfortRulesOf(defaultComfortBands), { type: 'ServerRoom' }).temperature;
    expect(band?.source).toMatch(/ASHRAE TC 9\.9/);
  });

  it("lets the settings win: a type at the room's site, then its site, then the type anywhere", () => {
    const warmStores: SpaceBandRule = {
      site: null,
      type: 'storage',
      bands: { temperature: { low: 5, high: 30, unit: '°C', source: 'ours' } },
    };
    expect(verdictIn('Storage', 'Air_Temperature_Sensor', 31, [warmStores])).toBe('high');
    expect(verdictIn('Storage', 'CO2_Sensor', 2500, [warmStores])).toBe('no-band');
    const summerSite: SpaceBandRule = {
      site: 'site-1',
      type: '*',
      bands: { temperature: { low: 22, high: 26, unit: '°C', source: 'summer' } },
    };
    const siteOffices: SpaceBandRule = {
      site: 'site-1',
      type: 'Office',
      bands: { temperature: { low: 19, high: 21, unit: '°C', source: 'site offices' } },
    };
    expect(verdictIn('Office', 'Air_Temperature_Sensor', 25, [summerSite])).toBe('in-band');
    expect(verdictIn('Office', 'Air_Temperature_Sensor', 25, [summerSite, siteOffices])).toBe(
      'high',
    );
    expect(verdictIn('Office', 'Air_Temperature_Sensor', 25, [siteOffices, summerSite])).toBe(
      'high',
    );
    // At another site the site's settings do not apply.
    const elsewhere = roomBands(comfortRulesOf(defaultComfortBands, [summerSite]), {
      type: 'Office',
      siteId: 'site-2',
    });
    expect(elsewhere).toBe(defaultComfortBands);
  });
});
