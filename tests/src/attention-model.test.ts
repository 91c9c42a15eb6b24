import { describe, expect, it } from 'vitest';
import type { Attention, AttentionReading } from '@/api/get-attention';
import type { ComfortBands } from '@/shared/rules/comfort';
import {
  attentionCsv,
  attentionCsvName,
  checksSentence,
  chosenBuildingName,
  emptyListWords,
  formatDuration,
  kindLabels,
  otherSensorsWords,
  outFor,
  roomHref,
} from '@/features/conditions/utils/attention-model';

const minute = 60_000;
const now = Date.parse('2026-11-26T12:00:00Z');

function reading(fields: Partial<AttentionReading> = {}): AttentionReading {
  return {
    measurementId: 'm1',
    kind: 'co2',
    name: 'CO2',
    unit: 'ppm',
    value: 1480,
    status: 'high',
    outShare: 0.4,
    readingAt: '2026-11-26T11:55:00Z',
    outSince: '2026-11-26T09:50:00Z',
    outSinceKnown: true,
    checkedAt: '2026-11-26T11:58:00Z',
    roomId: 'r7',
    roomName: 'Meeting room 2.09',
    levelKey: 'f2',
    levelName: 'Level 2',
    buildingId: 'b1',
    buildingName: 'Skyline Tower',
    siteId: 's1',
    siteName: 'Harbour',
    band: { low: null, high: 1000, source: 'CO₂ 1,000 ppm guideline' },
    others: [],
    ...fields,
  };
}

function answer(checks: Partial<Attention['checks']> = {}): Attention {
  return {
    asOf: '2026-11-26T11:00:00Z',
    total: 1,
    readingsOut: 1,
    rooms: 1,
    readings: [reading()],
    checks: {
      buildings: 24,
      checked: 24,
      oldestCheckAt: '2026-11-26T11:40:00Z',
      newestCheckAt: '2026-11-26T11:58:00Z',
      lastRound: null,
      ...checks,
    },
    refresh: { everyMinutes: 10, requestBudget: 500 },
  };
}

const bands: ComfortBands = {
  temperature: { low: 20, high: 24, unit: '°C', source: 'EN 16798-1 category II' },
  co2: { high: 1200, unit: 'ppm', source: 'EN 16798-1 category II' },
  humidity: { low: 25, high: 60, unit: '%', source: 'EN 16798-1 category II' },
};

describe('how long a room has been out of band', () => {
  it('reads in minutes, then hours and minutes, then days and hours', () => {
    expect(formatDuration(-5 * minute)).toBe('0 min');
    expect(formatDuration(59 * minute)).toBe('59 min');
    expect(formatDuration(130 * minute)).toBe('2 h 10 min');
    expect(formatDuration(3 * 60 * minute)).toBe('3 h');
    expect(formatDuration((3 * 24 + 4) * 60 * minute)).toBe('3 days 4 h');
    expect(formatDuration(2 * 24 * 60 * minute)).toBe('2 days');
  });

  it('says "at least" when the room was already out when Storey first read it', () => {
    expect(outFor(reading(), now)).toBe('2 h 10 min');
    expect(outFor(reading({ outSinceKnown: false }), now)).toBe('at least 2 h 10 min');
  });
});

describe('a row of the list', () => {
  it("leads to its room, or to its building when the index does not know the room's level", () => {
    expect(roomHref(reading())).toBe('/buildings/b1/levels/f2/rooms/r7');
    expect(roomHref(reading({ levelKey: null }))).toBe('/buildings/b1');
  });

  it('names the measurement as every screen does', () => {
    expect(kindLabels).toEqual({
      temperature: 'Air temperature',
      co2: 'CO₂',
      humidity: 'Relative humidity',
    });
  });

  it('names the building the list is narrowed to once a row tells it, else by its id', () => {
    expect(chosenBuildingName({}, [reading()])).toBeUndefined();
    expect(chosenBuildingName({ building: 'b1' }, [reading()])).toBe('Skyline Tower');
    expect(chosenBuildingName({ building: 'b9' }, [reading()])).toBe('b9');
  });
});

describe('the CSV', () => {
  it('gives each reading its band, its source and how long it has been out', () => {
    // A row judged before the index kept bands: the office band.
    const csv = attentionCsv(
      [reading({ outSinceKnown: false, band: { low: null, high: null, source: null } })],
      bands,
      now,
    );
    const row = Object.fromEntries(
      csv.header.map((column, index) => [column, csv.rows[0]![index]]),
    );
    expect(row).toMatchObject({
      Room: 'Meeting room 2.09',
      Building: 'Skyline Tower',
      Site: 'Harbour',
      Measurement: 'CO₂',
      Value: 1480,
      Unit: 'ppm',
      Band: '≤ 1,200 ppm',
      'Band source': 'EN 16798-1 category II',
      'Since known': 'no, at least since then',
      'Out of band for': 'at least 2 h 10 min',
    });
    expect(
      attentionCsv([reading({ band: { low: null, high: null, source: null } })], undefined, now)
        .rows[0]![8],
    ).toBe('');
    // The room's own band, where the index kept it: a server room's envelope, not the office's.
    const serverRoom = attentionCsv(
      [
        reading({
          kind: 'temperature',
          unit: '°C',
          value: 29,
          band: { low: 18, high: 27, source: 'ASHRAE TC 9.9 recommended, data rooms' },
        }),
      ],
      bands,
      now,
    ).rows[0]!;
    expect(serverRoom.slice(8, 10)).toEqual(['18–27 °C', 'ASHRAE TC 9.9 recommended, data rooms']);
    expect(attentionCsvName({})).toBe('storey-needs-attention.csv');
    expect(attentionCsvName({ kind: 'co2' })).toBe('storey-needs-attention-co2.csv');
  });
});

describe('how current the list is', () => {
  it('says how often and at what cost the server checks, and what is not checked yet', () => {
    expect(checksSentence(answer({ checked: 20 }), now, true)).toBe(
      "Storey reads the buildings' current values every 10 minutes, at most 500 platform requests each time, those checked longest ago first. 4 of 24 buildings with devices have not been checked yet. The oldest check is from 20 minutes ago.",
    );
  });

  it('tells a platform without current values from checks that have not run yet', () => {
    expect(checksSentence(answer({ checked: 0 }), now, true)).toMatch(
      /^Storey has not read any building's current values yet\./,
    );
    expect(checksSentence(answer({ checked: 0 }), now, false)).toBe(
      'Storey cannot read current values from this platform, so no room is checked.',
    );
  });

  it('explains an empty list by what was checked and when the bands apply', () => {
    expect(emptyListWords(answer({ checked: 0 }), undefined)).toBe(
      'No building has been checked yet.',
    );
    expect(
      emptyListWords(answer(), {
        days: [1, 2, 3, 4, 5],
        from: '07:00',
        to: '19:00',
        label: 'weekdays 07:00–19:00',
      }),
    ).toContain("outside its comfort hours (weekdays 07:00–19:00 on its site's clock)");
  });
});

describe("a row's other sensors out of band", () => {
  const other = (name: string | null, value: number) => ({
    measurementId: `m-${value}`,
    name,
    value,
    unit: 'ppm',
    status: 'high' as const,
  });

  it("names them where their names tell them apart from the row's own", () => {
    expect(otherSensorsWords(reading({ others: [other('CO2 by the window', 1210.4)] }))).toBe(
      'also CO2 by the window 1,210.4 ppm',
    );
  });

  it('says "another sensor" where the platform names each by its type', () => {
    expect(otherSensorsWords(reading({ others: [other('CO2', 1210)] }))).toBe(
      'also another sensor 1,210 ppm',
    );
    expect(
      otherSensorsWords(
        reading({ others: [other('CO2', 1210), other(null, 1150), other('Door', 1100)] }),
      ),
    ).toBe('also Door 1,100 ppm, 2 more sensors 1,210 ppm, 1,150 ppm');
  });

  it('says nothing for a room with one sensor out', () => {
    expect(otherSensorsWords(reading())).toBe('');
  });
});
