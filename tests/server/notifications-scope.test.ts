/**
 * Who is told about an alarm (decision 0021), as the demo people of the embedded default meet it,
 * through a real SMTP server: one message per person per building with new alarms, only for
 * buildings the person may see, none to someone who turned e-mail off or, by default, to a
 * viewer; the administrators' Outbox lists what was sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../server/emulator/openid-provider';
import { loadScopesFile } from '../../server/access/scopes-file';
import { demoScopesFile } from '../../server/config';
import { startSmtpSink, type SmtpSink } from '../../server/notifications/smtp-sink';
import { mailText } from './support/mail-text';
import { alarmList } from '../../src/shared/contracts/alarms';
import { portfolioFacts, referenceScope } from './support/scope-reference';
import { scopedStorey, type DemoPerson } from './support/scoped-storey';

const setMoment = Date.UTC(2026, 10, 24, 10, 30);
const startedAt = Date.now();
const shift = { ms: 0 };
const env: Record<string, string> = { ALARM_ON_DELAY_CHECKS: '1' };
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  env.SMTP_URL = sink.url;
  return () => sink.close();
});
const storey = scopedStorey(env, () => setMoment + Date.now() - startedAt + shift.ms);

const emailOf = (person: DemoPerson) => demoUsers.find((user) => user.username === person)!.email;

describe('alarm e-mails under access scopes', () => {
  it('tells operators about their own buildings only, one message per building', async () => {
    // Tom (a viewer) asks for e-mail; Pat turns it off.
    expect(
      (
        await storey.context.as('tom', '/api/me/notifications', {
          method: 'POST',
          body: { emailOn: true },
        })
      ).status,
    ).toBe(204);
    await storey.context.as('pat', '/api/me/notifications', {
      method: 'POST',
      body: { emailOn: false },
    });
    shift.ms += 6 * 60_000;
    const { sent } = await storey.context.running.storey.app.notifier!.deliverDue();
    expect(sent).toBeGreaterThan(0);

    const facts = portfolioFacts(storey.context.running.platform.emulator.portfolio);
    const { grants } = loadScopesFile(demoScopesFile);
    const everyAlarm = alarmList.parse(
      (await storey.context.as('dana', '/api/alarms?limit=1000')).json(),
    ).items;
    for (const person of ['dana', 'sofia', 'tom', 'pat', 'sam'] as const) {
      const user = demoUsers.find((candidate) => candidate.username === person)!;
      const scope = referenceScope(facts, grants, user.groups);
      const mails = sink.received
        .filter((mail) => mail.to.includes(emailOf(person)))
        .map((mail) => mailText(mail.raw));
      const expected =
        person === 'pat'
          ? []
          : [
              ...new Set(
                everyAlarm
                  .filter((alarm) => scope.all || scope.buildings.has(alarm.buildingId))
                  .map((alarm) => alarm.buildingId),
              ),
            ];
      expect(mails, person).toHaveLength(expected.length);
      // Nothing of a building the person may not see, in any message to them (by its alarms'
      // links and its name, unless a building they see has the same name).
      const seenNames = new Set(
        facts.buildings
          .filter((building) => scope.all || scope.buildings.has(building.id))
          .map((building) => building.name),
      );
      for (const alarm of everyAlarm)
        if (!scope.all && !scope.buildings.has(alarm.buildingId))
          for (const mail of mails) {
            expect(mail, person).not.toMatch(new RegExp(`/alarms/${alarm.id}\\b`));
            if (alarm.buildingName && !seenNames.has(alarm.buildingName))
              expect(mail, person).not.toContain(`${alarm.buildingName} ›`);
          }
    }
  });

  it('shows administrators what was sent, and nobody else', async () => {
    const outbox = await storey.context.as('dana', '/api/admin/outbox');
    expect(outbox.status).toBe(200);
    const body = outbox.json() as { smtp: string; items: Array<{ status: string; email: string }> };
    expect(body.smtp).toBe('configured');
    expect(body.items.length).toBe(sink.received.length);
    expect(body.items.every((item) => item.status === 'sent')).toBe(true);
    expect((await storey.context.as('sofia', '/api/admin/outbox')).status).toBe(403);
  });
});
