/**
 * Alarms through the BFF, as the demo people of the embedded default meet them (decision 0021):
 * each sees the alarms of their own buildings only, the same rooms "Needs attention" lists; an
 * operator acknowledges, assigns and comments, a viewer may only look; an assignee must be able
 * to see the building; two people acknowledging hear who was first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScopesFile } from '../../server/access/scopes-file';
import { demoScopesFile } from '../../server/config';
import { demoUsers } from '../../server/emulator/openid-provider';
import { attentionSchema } from '../../src/api/get-attention';
import { alarmDetail, alarmList, type AlarmList } from '../../src/shared/contracts/alarms';
import { notShared } from '../../src/shared/contracts/access';
import { portfolioFacts, referenceScope, type ReferenceScope } from './support/scope-reference';
import { demoPeople, scopedStorey, type DemoPerson } from './support/scoped-storey';

// One check out of band is enough here: the first round raises what it finds (the on-delay has
// its own test, alarms-derive.test.ts).
// A working morning on every site's clock, running on from there: which rooms are out of band
// depends on the emulator's time of day, so the test does not depend on when it runs.
const setMoment = Date.UTC(2026, 10, 24, 10, 30);
const startedAt = Date.now();
const storey = scopedStorey(
  { ALARM_ON_DELAY_CHECKS: '1' },
  () => setMoment + Date.now() - startedAt,
);
const scopes = {} as Record<DemoPerson, ReferenceScope>;

beforeAll(() => {
  const facts = portfolioFacts(storey.context.running.platform.emulator.portfolio);
  const { grants } = loadScopesFile(demoScopesFile);
  for (const person of demoPeople) {
    const user = demoUsers.find((candidate) => candidate.username === person)!;
    scopes[person] = referenceScope(facts, grants, user.groups);
  }
});

const listOf = async (person: DemoPerson, query = ''): Promise<AlarmList> => {
  const answer = await storey.context.as(person, `/api/alarms?limit=1000${query}`);
  expect(answer.status, answer.body).toBe(200);
  return alarmList.parse(answer.json());
};

const post = (person: DemoPerson, url: string, body: unknown) =>
  storey.context.as(person, url, { method: 'POST', body });

describe('alarms under access scopes', () => {
  it('lists for everyone exactly the rooms out of band that Needs attention lists', async () => {
    for (const person of ['dana', 'sofia', 'tom'] as const) {
      const comfort = (await listOf(person, '&kind=comfort')).items;
      const attention = attentionSchema.parse(
        (await storey.context.as(person, '/api/index/attention?limit=5000')).json(),
      );
      expect(comfort.map((alarm) => `${alarm.roomId}/${alarm.measure}`).sort(), person).toEqual(
        attention.readings.map((row) => `${row.roomId}/${row.kind}`).sort(),
      );
    }
    expect((await listOf('dana', '&kind=comfort')).total).toBeGreaterThan(0);
  });

  it("shows each person only their buildings' alarms, with counts over the same", async () => {
    const everyone = await listOf('dana');
    for (const person of demoPeople) {
      const { items, counts, total } = await listOf(person);
      const scope = scopes[person];
      for (const alarm of items)
        expect(scope.all || scope.buildings.has(alarm.buildingId)).toBe(true);
      const expected = everyone.items.filter(
        (alarm) => scope.all || scope.buildings.has(alarm.buildingId),
      );
      expect(items.map((alarm) => alarm.id).sort(), person).toEqual(
        expected.map((alarm) => alarm.id).sort(),
      );
      expect(counts.open).toBe(total);
    }
  });

  it('answers an alarm of a building not shared as it answers one that does not exist', async () => {
    const outside = (await listOf('dana')).items.find(
      (alarm) => !scopes.tom.buildings.has(alarm.buildingId),
    )!;
    const hidden = await storey.context.as('tom', `/api/alarms/${outside.id}`);
    const missing = await storey.context.as('tom', '/api/alarms/9999999');
    for (const answer of [hidden, missing]) {
      expect(answer.status).toBe(notShared.status);
      expect(answer.json()).toMatchObject({ detail: notShared.detail });
    }
    expect((await post('tom', `/api/alarms/${outside.id}/acknowledge`, {})).status).toBe(404);
  });

  it('lets a viewer look but not act', async () => {
    const [alarm] = (await listOf('tom')).items;
    expect(alarm).toBeDefined();
    const detail = alarmDetail.parse(
      (await storey.context.as('tom', `/api/alarms/${alarm!.id}`)).json(),
    );
    expect(detail.mayAct).toBe(false);
    const refused = await post('tom', `/api/alarms/${alarm!.id}/acknowledge`, {});
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'not-operator' });
  });

  it('records who acknowledged, assigned and commented, and refuses an assignee who cannot see it', async () => {
    const [alarm] = (await listOf('sofia', '&view=unacknowledged')).items;
    const url = `/api/alarms/${alarm!.id}`;
    expect((await post('sofia', `${url}/acknowledge`, { comment: 'On my way' })).status).toBe(204);
    const second = await post('dana', `${url}/acknowledge`, {});
    expect(second.status).toBe(409);
    expect(second.json()).toMatchObject({
      detail: expect.stringMatching(/^Already acknowledged by Sofia Site at /),
    });
    const before = alarmDetail.parse((await storey.context.as('sofia', url)).json());
    expect(before.assignees.map((person) => person.sub)).toContain('demo-sofia');
    // Tom sees only Skyline Tower, not a London Quarter building.
    expect(before.assignees.map((person) => person.sub)).not.toContain('demo-tom');
    const refused = await post('sofia', `${url}/assign`, { assignee: 'demo-tom' });
    expect(refused.status).toBe(422);
    expect(refused.json()).toMatchObject({ reason: 'assignee-out-of-scope' });
    expect((await post('sofia', `${url}/assign`, { assignee: 'demo-sofia' })).status).toBe(204);
    expect((await post('sofia', `${url}/comments`, { text: 'Valve <b>stuck</b>' })).status).toBe(
      201,
    );
    const after = alarmDetail.parse((await storey.context.as('sofia', url)).json());
    expect(after.alarm).toMatchObject({
      acknowledgedBy: { sub: 'demo-sofia', name: 'Sofia Site' },
      assignee: { sub: 'demo-sofia', name: 'Sofia Site' },
      lastComment: 'Valve <b>stuck</b>',
    });
    expect(
      after.events.map((event) => [event.type, event.actor?.name ?? null, event.text]),
    ).toEqual([
      ['raised', null, expect.any(String)],
      ['acknowledged', 'Sofia Site', 'On my way'],
      ['assigned', 'Sofia Site', 'Sofia Site'],
      ['commented', 'Sofia Site', 'Valve <b>stuck</b>'],
    ]);
    const mine = await listOf('sofia', '&view=mine');
    expect(mine.items.map((item) => item.id)).toEqual([alarm!.id]);
    expect(mine.counts.mine).toBe(1);
  });

  it('clears a silent sensor by hand, and refuses to clear what clears itself', async () => {
    const { items } = await listOf('dana', '&view=open');
    const comfort = items.find((alarm) => alarm.kind === 'comfort')!;
    const refused = await post('dana', `/api/alarms/${comfort.id}/clear`, { reason: 'Fixed' });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'clears-itself' });
    const silent = items.find((alarm) => alarm.kind === 'no-data' && !alarm.clearedAt)!;
    expect(
      (await post('dana', `/api/alarms/${silent.id}/clear`, { reason: 'Sensor removed' })).status,
    ).toBe(204);
    const after = alarmDetail.parse(
      (await storey.context.as('dana', `/api/alarms/${silent.id}`)).json(),
    );
    expect(after.alarm.clearedAt).not.toBeNull();
    expect(after.events.at(-1)).toMatchObject({
      type: 'cleared',
      actor: { sub: 'demo-dana' },
      text: 'Sensor removed',
    });
  });

  it('refuses bad input in words, before anything is written', async () => {
    const [alarm] = (await listOf('dana')).items;
    const url = `/api/alarms/${alarm!.id}`;
    for (const [path, body] of [
      ['comments', { text: '' }],
      ['comments', { text: 'x'.repeat(2001) }],
      ['comments', { text: 'bell\u0007' }],
      ['comments', { text: 'ok', extra: 1 }],
      ['assign', {}],
    ] as const) {
      const answer = await post('dana', `${url}/${path}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect((await storey.context.as('dana', '/api/alarms?view=everything')).status).toBe(400);
    expect((await storey.context.as('dana', '/api/alarms/abc')).status).toBe(400);
    const detail = alarmDetail.parse((await storey.context.as('dana', url)).json());
    expect(detail.events.some((event) => event.type === 'commented')).toBe(false);
  });
});
