/**
 * How the conditions refresh judges what it reads, reading by reading: how long a room has been out
 * of band (and whether that is known or "at least"), a sensor gone silent no longer counted, a
 * refused credential said in plain words, buildings without devices never asked. The platform's
 * answers are written here by hand; the index's database is the embedded one.
 */
import { describe, expect, it } from 'vitest';
import { handWrittenConditions, minute, start, value } from './support/hand-conditions';

describe('the conditions refresh', () => {
  const context = handWrittenConditions();
  const { time, asked } = context;
  const round = () => context.round();
  const listed = () => context.listed();

  it('lists a room seen out of band at its first reading as out "at least" since then', async () => {
    context.answers = {
      'with-devices': {
        status: 200,
        values: [
          value('t-a', 'room-a', 'Air_Temperature_Sensor', 26.5, start - 2 * minute, '°C'),
          value('c-b', 'room-b', 'CO2_Sensor', 800, start - 3 * minute, 'ppm'),
          value('h-c', 'room-c', 'Relative_Humidity_Sensor', 'n/a', start - 3 * minute, '%'),
          // A CO₂ sensor at its full scale is faulty, not the air out of band.
          value('c-c', 'room-c', 'CO2_Sensor', 5000, start - 3 * minute, 'ppm'),
          value('o-c', 'room-c', 'Occupancy_Count_Sensor', 4, start - 3 * minute, 'no unit'),
        ],
      },
    };
    const outcome = await round();
    expect(outcome).toMatchObject({ buildingsChecked: 1, buildingsLeft: 0, platformRequests: 1 });
    // The building the platform counts no devices in is never asked.
    expect(asked.some((path) => path.includes('no-devices'))).toBe(false);
    expect(await listed()).toEqual([
      expect.objectContaining({
        measurementId: 't-a',
        roomName: 'Room A',
        levelName: 'Ground',
        levelKey: 'floor-1',
        buildingName: 'Building with-devices',
        siteName: 'Harbour',
        value: 26.5,
        status: 'high',
        outSince: new Date(start - 2 * minute).toISOString(),
        outSinceKnown: false,
      }),
    ]);
  });

  it('keeps how long a room has been out, and knows when it went out after being in band', async () => {
    asked.length = 0;
    time.now = start + 15 * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        // Only what changed: room A's sensor has not reported since; room B's air went stale.
        values: [value('c-b', 'room-b', 'CO2_Sensor', 1300, start + 12 * minute, 'ppm')],
      },
    };
    await round();
    // Asked only for readings after the newest it had seen.
    expect(asked).toEqual([
      `/api/Buildings/with-devices/MeasurementValues?updatedAfter=${new Date(start - 2 * minute).toISOString()}&take=5000&skip=0`,
    ]);
    const rows = await listed();
    // Worst first: 1,300 ppm is half the allowed rise above fresh air out; 26.5 °C is 0.625.
    expect(rows.map((row) => [row.measurementId, row.outSince, row.outSinceKnown])).toEqual([
      ['t-a', new Date(start - 2 * minute).toISOString(), false],
      ['c-b', new Date(start + 12 * minute).toISOString(), true],
    ]);
  });

  it('no longer counts a reading its sensor stopped sending an hour ago', async () => {
    time.now = start + 70 * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [value('c-b', 'room-b', 'CO2_Sensor', 1250, start + 65 * minute, 'ppm')],
      },
    };
    await round();
    expect((await listed()).map((row) => row.measurementId)).toEqual(['c-b']);
    // Back in band: no longer listed, and out "since" starts again when it next goes out.
    time.now = start + 80 * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [value('c-b', 'room-b', 'CO2_Sensor', 700, start + 79 * minute, 'ppm')],
      },
    };
    await round();
    expect(await listed()).toEqual([]);
  });

  it('says in plain words when the credential is not enabled for current values', async () => {
    time.now = start + 90 * minute;
    context.answers = { 'with-devices': { status: 403 } };
    const outcome = await round();
    expect(outcome.error).toBe(
      "Storey's platform credential is not enabled for current values; ask your platform administrator",
    );
    expect(outcome.buildingsChecked).toBe(0);
  });

  it("judges on the site's clock: a room cooled after hours is not listed, and is out since they begin", async () => {
    const siteTimeZone = (timezone: string | null) =>
      context.database.db
        .updateTable('indexed_site')
        .set({ timezone })
        .where('id', '=', 'site-1')
        .execute();
    await siteTimeZone('Asia/Tokyo');
    // Tuesday 10:50 UTC is 19:50 in Tokyo: the weekday's comfort hours (07:00-19:00) are over.
    time.now = start + 110 * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [value('t-a', 'room-a', 'Air_Temperature_Sensor', 17, start + 105 * minute, '°C')],
      },
    };
    await round();
    expect(await listed()).toEqual([]);
    const [kept] = await context.database.db
      .selectFrom('condition_reading')
      .select('status')
      .where('measurement_id', '=', 't-a')
      .execute();
    expect(kept?.status).toBe('outside-hours');
    // Wednesday 07:15 in Tokyo (22:15 UTC the day before): the hours have begun, the room is cold.
    const morning = Date.UTC(2026, 10, 24, 22, 15);
    time.now = morning + 5 * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [value('t-a', 'room-a', 'Air_Temperature_Sensor', 17.5, morning, '°C')],
      },
    };
    await round();
    expect(await listed()).toEqual([
      expect.objectContaining({
        measurementId: 't-a',
        status: 'low',
        outSince: new Date(morning).toISOString(),
        outSinceKnown: true,
      }),
    ]);
    // The same reading on UTC's clock (a site without a time zone) is at 22:15: outside again.
    await siteTimeZone(null);
    time.now = morning + 20 * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [
          value('t-a', 'room-a', 'Air_Temperature_Sensor', 17.4, morning + 15 * minute, '°C'),
        ],
      },
    };
    await round();
    expect(await listed()).toEqual([]);
  });

  it('drops what it read of a building no longer in the portfolio', async () => {
    time.now = start + 100 * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [value('t-a', 'room-a', 'Air_Temperature_Sensor', 27, start + 99 * minute, '°C')],
      },
    };
    await round();
    expect((await listed()).map((row) => row.measurementId)).toEqual(['t-a']);
    await context.database.db
      .deleteFrom('indexed_building')
      .where('id', '=', 'with-devices')
      .execute();
    await round();
    const left = await context.database.db
      .selectFrom('condition_reading')
      .select('measurement_id')
      .execute();
    expect(left).toEqual([]);
  });
});
