/**
 * How readings become alarms (decision 0021), round by round, with the platform's answers written
 * by hand: the on-delay, the deadband, one alarm raised again rather than a second one, chattering,
 * a silent sensor's own alarm, and a closed alarm followed by a new one. Time is injected.
 */
import { describe, expect, it } from 'vitest';
import { alarmActions } from '../../server/portfolio-index/alarms/actions';
import { alarmNoise } from '../../server/portfolio-index/alarms/noise';
import { alarmWorklist, alarmWithEvents } from '../../server/portfolio-index/alarms/queries';
import { alarmWhat } from '@/shared/rules/alarm-words';
import { handWrittenConditions, minute, start, value } from './support/hand-conditions';

type Conditions = ReturnType<typeof handWrittenConditions>;

/**
 * A round at `minutes`: each thermometer listed ([id, room, °C]) read its value a minute before;
 * the others sent nothing new.
 */
async function thermometersAt(
  context: Conditions,
  minutes: number,
  readings: ReadonlyArray<readonly [id: string, room: string, celsius: number]>,
) {
  context.time.now = start + minutes * minute;
  context.answers = {
    'with-devices': {
      status: 200,
      values: readings.map(([id, room, celsius]) =>
        value(id, room, 'Air_Temperature_Sensor', celsius, context.time.now - minute, '°C'),
      ),
    },
  };
  await context.round();
}

/** The open alarms (or those cleared) as the worklist lists them now, for `me`. */
const worklistOf = (
  context: Conditions,
  view: 'open' | 'cleared' = 'open',
  me: string | null = null,
) =>
  alarmWorklist(
    context.database.db,
    1,
    { view, me },
    { offset: 0, limit: 100 },
    new Date(context.time.now),
  );

describe('alarms derived from the conditions refresh', () => {
  const context = handWrittenConditions();
  const { time } = context;
  /** Room A's thermometer reads `reading` now (a new value), or nothing new when undefined. */
  const roundAt = (minutes: number, reading?: number) =>
    thermometersAt(context, minutes, reading === undefined ? [] : [['t-a', 'room-a', reading]]);
  const worklist = (view: 'open' | 'cleared' = 'open') => worklistOf(context, view, 'ana');

  it('raises nothing at the first check out of band, and one alarm at the second', async () => {
    await roundAt(0, 26.5);
    expect((await worklist()).items).toEqual([]);
    await roundAt(10);
    const { items, counts } = await worklist();
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'comfort',
        measure: 'temperature',
        direction: 'high',
        value: 26.5,
        unit: '°C',
        band: { low: 20, high: 24, source: 'EN 16798-1 category II, heating season' },
        // 2.5 °C over a 4 °C band.
        severity: 'major',
        roomName: 'Room A',
        levelName: 'Ground',
        buildingName: 'Building with-devices',
        clearedAt: null,
        acknowledgedAt: null,
        raisedAt: new Date(start + 10 * minute).toISOString(),
      }),
    ]);
    expect(counts).toEqual({ open: 1, unacknowledged: 1, mine: 0 });
  });

  it('keeps it active just inside the band, and clears it inside by the deadband', async () => {
    // 24.0 °C is in the band, but not 10 % of its width inside.
    await roundAt(20, 24);
    expect((await worklist()).items[0]).toMatchObject({ clearedAt: null, value: 26.5 });
    await roundAt(30, 23);
    const [alarm] = (await worklist()).items;
    // Cleared but not acknowledged: still on the worklist.
    expect(alarm).toMatchObject({ clearedAt: new Date(start + 30 * minute).toISOString() });
  });

  it('raises the same alarm again while it is open, and marks it chattering at the third raise', async () => {
    const [first] = (await worklist()).items;
    await roundAt(40, 27);
    await roundAt(50);
    let items = (await worklist()).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: first!.id,
      clearedAt: null,
      reRaised: 1,
      chattering: false,
    });
    await roundAt(60, 22);
    await roundAt(70, 27);
    await roundAt(80);
    items = (await worklist()).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: first!.id, reRaised: 2, chattering: true });
    const found = await alarmWithEvents(
      context.database.db,
      1,
      first!.id,
      new Date(context.time.now),
    );
    expect(found!.events.map((event) => event.type)).toEqual([
      'raised',
      'cleared',
      're-raised',
      'cleared',
      're-raised',
    ]);
  });

  it('raises no-data for a silent sensor and never clears the comfort alarm for it', async () => {
    // No new reading for over an hour: the sensor's value is stale.
    await roundAt(80 + 65);
    const { items } = await worklist();
    expect(items.map((alarm) => [alarm.kind, alarm.clearedAt])).toEqual(
      expect.arrayContaining([
        ['comfort', null],
        ['no-data', null],
      ]),
    );
    await roundAt(160, 27);
    const after = (await worklist()).items;
    expect(after.find((alarm) => alarm.kind === 'no-data')?.clearedAt).toBe(
      new Date(start + 160 * minute).toISOString(),
    );
    expect(after.find((alarm) => alarm.kind === 'comfort')?.clearedAt).toBeNull();
  });

  it('closes an alarm acknowledged and cleared; the next raise is a new alarm', async () => {
    const actions = alarmActions(context.database.db, () => new Date(time.now));
    const ana = { sub: 'ana', name: 'Ana' };
    for (const alarm of (await worklist()).items)
      expect(await actions.acknowledge(alarm.id, ana, null)).toBe('done');
    const comfort = (await worklist()).items.find((alarm) => alarm.kind === 'comfort')!;
    // Someone else a moment later hears who was first.
    expect(await actions.acknowledge(comfort.id, { sub: 'ben', name: 'Ben' }, null)).toEqual({
      already: { sub: 'ana', name: 'Ana', at: new Date(time.now) },
    });
    await roundAt(170, 22);
    expect((await worklist()).items).toEqual([]);
    expect((await worklist('cleared')).items.map((alarm) => alarm.kind).sort()).toEqual([
      'comfort',
      'no-data',
    ]);
    await roundAt(180, 27);
    await roundAt(190);
    const [again] = (await worklist()).items;
    expect(again).toMatchObject({ kind: 'comfort', reRaised: 0, chattering: false });
    expect(again!.id).not.toBe(comfort.id);
  });

  it('keeps a silence cleared by hand cleared until the sensor reports and falls silent again', async () => {
    const actions = alarmActions(context.database.db, () => new Date(time.now));
    const ana = { sub: 'ana', name: 'Ana' };
    // Silent again: a new no-data alarm.
    await roundAt(190 + 70);
    const silent = (await worklist()).items.find((alarm) => alarm.kind === 'no-data')!;
    expect(silent.clearedAt).toBeNull();
    const comfort = (await worklist()).items.find((alarm) => alarm.kind === 'comfort')!;
    expect(await actions.clear(comfort.id, ana, 'Fixed')).toBe('not-clearable');
    expect(await actions.clear(silent.id, ana, 'Sensor removed')).toBe('done');
    expect(await actions.clear(silent.id, ana, 'Sensor removed')).toBe('already');
    await actions.acknowledge(silent.id, ana, null);
    // Still silent at the next checks: not raised again.
    await roundAt(280);
    await roundAt(290);
    expect((await worklist()).items.filter((alarm) => alarm.kind === 'no-data')).toEqual([]);
    // It reports, then falls silent anew: that is a new silence.
    await roundAt(300, 22);
    await roundAt(300 + 70);
    const again = (await worklist()).items.find((alarm) => alarm.kind === 'no-data')!;
    expect(again.id).not.toBe(silent.id);
    const found = await alarmWithEvents(
      context.database.db,
      1,
      silent.id,
      new Date(context.time.now),
    );
    expect(
      found!.events.map((event) => [event.type, event.actor?.sub ?? null, event.text]),
    ).toEqual([
      ['raised', null, expect.any(String)],
      ['cleared', 'ana', 'Sensor removed'],
      ['acknowledged', 'ana', null],
    ]);
  });

  it('counts the noise: raised per day, and every chattering alarm of the fortnight', async () => {
    const { db } = context.database;
    const raisedEvents = await db
      .selectFrom('alarm_event')
      .select(['at'])
      .where('type', 'in', ['raised', 're-raised'])
      .execute();
    const noise = await alarmNoise(db, 1, new Date(time.now));
    expect(noise.perDay).toHaveLength(14);
    expect(noise.perDay.at(-1)!.day).toBe(new Date(time.now).toISOString().slice(0, 10));
    expect(noise.perDay.reduce((sum, day) => sum + day.raised, 0)).toBe(raisedEvents.length);
    // Every chattering alarm of the fortnight, open or closed since.
    const chattering = await db
      .selectFrom('alarm')
      .select('id')
      .where('chattering', '=', true)
      .execute();
    expect(noise.chattering.count).toBe(chattering.length);
    expect(noise.chattering.count).toBeGreaterThan(0);
    expect(noise.standing.count).toBe(0);
  });

  it('counts an alarm open for more than a day as standing', async () => {
    const { db } = context.database;
    // A day later, what is still open has stood for more than 24 hours.
    const open = (await worklist()).items;
    const later = await alarmNoise(db, 1, new Date(time.now + 25 * 60 * minute));
    expect(later.standing.count).toBe(open.length);
    expect(later.standing.oldest.map((alarm) => alarm.id).sort()).toEqual(
      open.map((alarm) => alarm.id).sort(),
    );
  });

  it('counts eleven alarms told to one person within ten minutes as a flood, ten as none', async () => {
    const { db } = context.database;
    // Eleven alarms told to Ana within ten minutes are a flood; ten to Ben are not.
    const message = (batch: number, recipient: string, at: Date) => ({
      dedupe_key: `batch:${batch}:${recipient}`,
      batch_id: batch,
      building_id: 'with-devices',
      recipient,
      recipient_name: recipient === 'ana' ? 'Ana Operator' : null,
      email: `${recipient}@example.test`,
      subject: 's',
      body: 'b',
      status: 'sent' as const,
      next_attempt_at: at,
      created_at: at,
    });
    const at = new Date(Math.floor(time.now / (10 * minute)) * 10 * minute + minute);
    const batches = await db
      .insertInto('notification_batch')
      .values(
        [6, 5].map((size, index) => ({
          building_id: 'with-devices',
          window_start: new Date(at.getTime() + index),
          due_at: at,
          route: 'escalation' as const,
          alarm_ids: Array.from({ length: size }, (_, n) => n + 1),
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('notification_outbox')
      .values([
        message(batches[0]!.id, 'ana', at),
        message(batches[1]!.id, 'ana', new Date(at.getTime() + 5 * minute)),
        message(batches[0]!.id, 'ben', at),
      ])
      .execute();
    const flooded = await alarmNoise(db, 1, new Date(time.now));
    expect(flooded.floods).toEqual([
      {
        recipient: { sub: 'ana', name: 'Ana Operator' },
        from: new Date(at.getTime() - minute).toISOString(),
        alarms: 11,
      },
    ]);
  });
});

describe('alarms of energy meters', () => {
  const context = handWrittenConditions();
  const { time } = context;
  /** The meter's total at `readAt` minutes, checked at `minutes`. */
  const roundAt = async (minutes: number, readAt: number) => {
    time.now = start + minutes * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values: [
          {
            ...value(
              'e-1',
              'room-a',
              'Electric_Energy_Sensor',
              5120,
              start + readAt * minute,
              'kWh',
            ),
            // The building's own meter: it measures the building, no room.
            measuredId: 'with-devices',
            spaceId: null,
            floorId: null,
            deviceId: 'meter-1',
          },
        ],
      },
    };
    await context.round();
  };
  const meterAlarms = async () =>
    (await worklistOf(context)).items.filter((alarm) => alarm.kind.startsWith('meter-'));

  it('raises a silent meter after six hours without readings, and clears it when it reports', async () => {
    await roundAt(0, -1);
    await roundAt(6 * 60 - 5, -1);
    expect(await meterAlarms()).toEqual([]);
    await roundAt(6 * 60 + 5, -1);
    const [silent] = await meterAlarms();
    expect(silent).toMatchObject({ kind: 'meter-silent', severity: 'major', clearedAt: null });
    // In words: no device id standing in for the meter's name.
    expect(alarmWhat(silent!)).toBe(
      "Meter silent: no readings from the building's main energy meter for over 6 hours",
    );
    await roundAt(6 * 60 + 20, 6 * 60 + 18);
    expect((await meterAlarms())[0]).toMatchObject({
      id: silent!.id,
      clearedAt: expect.any(String),
    });
  });

  it('keeps a silent meter closed by hand closed while it stays silent, and raises its next silence', async () => {
    const actions = alarmActions(context.database.db, () => new Date(time.now));
    const ana = { sub: 'ana', name: 'Ana' };
    // Its last reading at 6 h 18 min (the test before): silent again six hours after it, the
    // same alarm raised again (it cleared, nobody acknowledged it).
    await roundAt(12 * 60 + 30, 6 * 60 + 18);
    const silent = (await meterAlarms()).find(
      (alarm) => alarm.kind === 'meter-silent' && alarm.clearedAt === null,
    )!;
    expect(silent.reRaised).toBe(1);
    expect(await actions.clear(silent.id, ana, 'Meter replaced')).toBe('done');
    await actions.acknowledge(silent.id, ana, null);
    await roundAt(12 * 60 + 40, 6 * 60 + 18);
    expect((await meterAlarms()).filter((alarm) => alarm.kind === 'meter-silent')).toEqual([]);
    // It reports, then falls silent anew: a new alarm.
    await roundAt(13 * 60, 12 * 60 + 55);
    await roundAt(19 * 60, 12 * 60 + 55);
    const again = (await meterAlarms()).find((alarm) => alarm.kind === 'meter-silent');
    expect(again).toMatchObject({ clearedAt: null });
    expect(again!.id).not.toBe(silent.id);
  });

  it('raises a stuck meter when its last whole day counted nothing, and clears it on a day of use', async () => {
    const { db } = context.database;
    const day = (date: string, used: number) => ({
      building_id: 'with-devices',
      measurement_id: 'e-1',
      day: date,
      used_kwh: used,
      covered: 1,
      complete: true,
      beyond_retention: false,
      base_at: null,
      base_value: null,
    });
    await db
      .insertInto('energy_day')
      .values([day('2026-11-22', 310), day('2026-11-23', 0)])
      .execute();
    await roundAt(7 * 60, 7 * 60 - 1);
    const stuck = (await meterAlarms()).find((alarm) => alarm.kind === 'meter-stuck');
    expect(stuck).toMatchObject({ severity: 'major', value: 0, unit: 'kWh', clearedAt: null });
    expect(alarmWhat(stuck!)).toMatch(/^Meter stuck: .+ counted no use for a whole day$/);
    await db.insertInto('energy_day').values(day('2026-11-24', 288.5)).execute();
    await roundAt(7 * 60 + 10, 7 * 60 + 9);
    expect((await meterAlarms()).find((alarm) => alarm.id === stuck!.id)).toMatchObject({
      clearedAt: expect.any(String),
    });
  });
});

describe("a room's comfort alarm with two thermometers", () => {
  const context = handWrittenConditions();
  /** Room B's two thermometers read these now (°C); null: that one sent nothing new. */
  const roundAt = (minutes: number, first: number | null, second: number | null) =>
    thermometersAt(
      context,
      minutes,
      (
        [
          ['t-b1', 'room-b', first],
          ['t-b2', 'room-b', second],
        ] as const
      ).flatMap(([id, room, celsius]) => (celsius === null ? [] : [[id, room, celsius] as const])),
    );
  const open = async () =>
    (await worklistOf(context)).items.map((alarm) => ({
      kind: alarm.kind,
      cleared: alarm.clearedAt !== null,
    }));

  it('stays active while one of them is not yet back inside by the deadband', async () => {
    await roundAt(0, 27, 22);
    await roundAt(10, 27, 22);
    expect(await open()).toEqual([{ kind: 'comfort', cleared: false }]);
    // The one that raised it is back well inside; the other is in the band, but at its edge
    // (24 °C is the top of 20–24, the deadband asks for 23.6 or less).
    await roundAt(20, 22, 23.9);
    expect(await open()).toEqual([{ kind: 'comfort', cleared: false }]);
    await roundAt(30, 22, 22);
    expect(await open()).toEqual([{ kind: 'comfort', cleared: true }]);
  });

  it('clears a silent thermometer when it reports again inside its band', async () => {
    // The second sends nothing for over an hour: silent, while the room is fine.
    await roundAt(40, 22, null);
    await roundAt(100, 22, null);
    expect(await open()).toContainEqual({ kind: 'no-data', cleared: false });
    await roundAt(110, 22, 22.5);
    expect(await open()).toContainEqual({ kind: 'no-data', cleared: true });
  });
});

describe('an open comfort alarm and its newest reading', () => {
  const context = handWrittenConditions();
  /** Room C's thermometer reads `reading` now, or sends nothing new when undefined. */
  const roundAt = (minutes: number, reading?: number) =>
    thermometersAt(context, minutes, reading === undefined ? [] : [['t-c', 'room-c', reading]]);
  const alarm = async () =>
    (await worklistOf(context)).items.map(({ value: reading, severity, readingAt }) => ({
      reading,
      severity,
      readingAt,
    }));

  it('shows the newest reading while it stays out, and the worst severity it reached', async () => {
    await roundAt(0, 24.5);
    await roundAt(10, 24.5);
    expect(await alarm()).toEqual([
      { reading: 24.5, severity: 'minor', readingAt: new Date(start + 9 * minute).toISOString() },
    ]);
    // Half a degree over a band 4 °C wide is minor; 4.5 °C over it, critical.
    await roundAt(20, 28.5);
    expect(await alarm()).toEqual([
      {
        reading: 28.5,
        severity: 'critical',
        readingAt: new Date(start + 19 * minute).toISOString(),
      },
    ]);
    // Nothing new from the sensor: the alarm says what it said.
    await roundAt(30);
    expect((await alarm())[0]).toMatchObject({ reading: 28.5, severity: 'critical' });
    // Less far out now: the newest reading, the worst severity kept.
    await roundAt(40, 24.5);
    expect(await alarm()).toEqual([
      {
        reading: 24.5,
        severity: 'critical',
        readingAt: new Date(start + 39 * minute).toISOString(),
      },
    ]);
  });
});
