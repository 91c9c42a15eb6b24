/**
 * How readings become alarms (decision 0021), round by round, with the platform's answers written
 * by hand: the on-delay, the deadband, one alarm raised again rather than a second one, chattering,
 * a silent sensor's own alarm, and a closed alarm followed by a new one. Time is injected.
 */
import { describe, expect, it } from 'vitest';
import { alarmActions } from '../../server/portfolio-index/alarms/actions';
import { alarmWorklist, alarmWithEvents } from '../../server/portfolio-index/alarms/queries';
import { handWrittenConditions, minute, start, value } from './support/hand-conditions';

describe('alarms derived from the conditions refresh', () => {
  const context = handWrittenConditions();
  const { time } = context;
  /** Room A's thermometer reads `reading` now (a new value), or nothing new when undefined. */
  const roundAt = async (minutes: number, reading?: number) => {
    time.now = start + minutes * minute;
    context.answers = {
      'with-devices': {
        status: 200,
        values:
          reading === undefined
            ? []
            : [value('t-a', 'room-a', 'Air_Temperature_Sensor', reading, time.now - minute, '°C')],
      },
    };
    await context.round();
  };
  const worklist = (view: 'open' | 'cleared' = 'open') =>
    alarmWorklist(
      context.database.db,
      1,
      { view, me: 'ana' },
      { offset: 0, limit: 100 },
      new Date(context.time.now),
    );

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
        band: { low: 20, high: 24 },
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
});
