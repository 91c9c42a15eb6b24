import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { roleAllows } from '../../src/shared/contracts/access.ts';
import { accessOf, roleAt } from '../access/person-access.ts';
import type { PolicySource } from '../access/policy-source.ts';
import type { Clock } from '../clock.ts';
import type { BffConfig } from '../config.ts';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { sendProblem } from '../http/problem.ts';
import { parseQuery } from '../http/query-parameters.ts';
import type { PortfolioIndex } from '../portfolio-index/portfolio-index.ts';
import { smtpMailer } from './email.ts';
import { isKnownTimeZone } from '../../src/shared/rules/quiet-hours.ts';
import { quietHours as quietHoursSchema } from '../../src/shared/contracts/alarms.ts';
import { indexWide } from '../portfolio-index/alarms/index-alarms.ts';
import { createNotifier, type Notifier } from './notifier.ts';
import type { NotificationRoute, Recipient } from './outbox.ts';
import { webhookSender } from './webhook.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alarm notifications; undefined where the index (which keeps the alarms) is off. */
    notifier: Notifier | undefined;
  }
}

const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Who is told about each building's alarms: people seen signing in, with an e-mail address, whose
 * access covers the building and who have e-mail on (by default where they may act on alarms);
 * for an escalation, the building's administrators who have not turned e-mail off. Worked out
 * when a message is written, so a grant removed since is never told; the people and the
 * buildings' places are read once for every building of a notifier's pass.
 */
export function recipientsFor(index: PortfolioIndex, policies: PolicySource) {
  return async (
    buildingIds: readonly string[],
    route: NotificationRoute = 'first',
  ): Promise<Map<string, Recipient[]>> => {
    const told = new Map<string, Recipient[]>();
    if (buildingIds.length === 0) return told;
    const policy = await policies.current();
    const known = new Map(
      (await index.access.buildingsAt(buildingIds)).map((place) => [place.id, place]),
    );
    const { db } = index.database;
    const people = await db
      .selectFrom('person')
      .leftJoin('notification_setting as setting', 'setting.sub', 'person.sub')
      .select([
        'person.sub',
        'person.name',
        'person.email',
        'person.groups',
        'setting.email_on',
        'setting.quiet_from',
        'setting.quiet_to',
        'setting.time_zone',
      ])
      .where('person.email', 'is not', null)
      .execute();
    const accesses = people.map((person) => ({
      person,
      access: accessOf(policy, { sub: person.sub, groups: person.groups }),
    }));
    for (const buildingId of new Set(buildingIds)) {
      const place = known.get(buildingId) ?? {
        id: buildingId,
        site_id: null,
        organization_id: null,
      };
      told.set(
        buildingId,
        accesses.flatMap(({ person, access }) => {
          const role = roleAt(access, place);
          if (role === null) return [];
          // The index's own failures (no building): its administrators only.
          if (buildingId === indexWide && role !== 'admin') return [];
          const on =
            route === 'escalation'
              ? role === 'admin' && person.email_on !== false
              : (person.email_on ?? roleAllows(role, 'operator'));
          if (!on) return [];
          const quiet =
            person.quiet_from != null && person.quiet_to != null && person.time_zone
              ? {
                  from: clockOf(person.quiet_from),
                  to: clockOf(person.quiet_to),
                  timeZone: person.time_zone,
                }
              : undefined;
          return [{ sub: person.sub, name: person.name, email: person.email!, quiet }];
        }),
      );
    }
    return told;
  };
}

/** The notifier, started with the index's rounds (server.ts) and closed with the app. */
export const notificationsPlugin = fp<{
  config: BffConfig;
  index: PortfolioIndex;
  policies: PolicySource;
  clock: Clock;
  publicUrl: string;
}>(
  async (app, { config, index, policies, clock, publicUrl }) => {
    const { smtpUrl, from, everySeconds, sink, escalateMs, webhook } = config.notifications;
    const notifier = createNotifier({
      db: index.database.db,
      clock,
      recipientsOf: recipientsFor(index, policies),
      mailer: smtpUrl ? smtpMailer(smtpUrl, from) : undefined,
      webhook: webhook && {
        url: webhook.url,
        sender: webhookSender({
          secret: webhook.secret,
          allowAddresses: webhook.allowAddresses,
          now: () => new Date(clock.now()),
        }),
      },
      escalateMs,
      alarmRules: config.index.alarms,
      smtp: smtpUrl ? (sink ? 'embedded' : 'configured') : 'none',
      publicUrl,
      everyMs: everySeconds * 1000,
      log: app.log,
    });
    app.decorate('notifier', notifier);
    app.closing.add('the alarm notifications', () => notifier.close());
  },
  { name: 'notifications' },
);

const settingBody = z.strictObject({
  emailOn: z.boolean().optional(),
  quietHours: z.nullable(quietHoursSchema).optional(),
});

/** "07:30" as minutes after midnight. */
const minutesOfClock = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

type SettingBody = z.infer<typeof settingBody>;

/** Why a valid body still changes nothing sensible, in words; undefined when it does. */
function settingProblem({ emailOn, quietHours }: SettingBody): string | undefined {
  if (emailOn === undefined && quietHours === undefined)
    return 'Nothing to change: send emailOn, quietHours or both.';
  if (quietHours && !isKnownTimeZone(quietHours.timeZone))
    return `"${quietHours.timeZone}" is not a time zone Storey knows. Use an IANA name such as "Europe/Helsinki" or "America/New_York".`;
  if (quietHours && quietHours.from === quietHours.to)
    return 'Quiet hours that start and end at the same time are none: pick a different end, or send null.';
  return undefined;
}

/** The columns a setting changes: only those the body names (null quiet hours clear them). */
const settingChange = ({ emailOn, quietHours }: SettingBody) => ({
  ...(emailOn === undefined ? {} : { email_on: emailOn }),
  ...(quietHours === undefined
    ? {}
    : {
        quiet_from: quietHours && minutesOfClock(quietHours.from),
        quiet_to: quietHours && minutesOfClock(quietHours.to),
        time_zone: quietHours && quietHours.timeZone,
      }),
});

/**
 * A person's notification setting (/api/me/notifications) and the administrators' Outbox
 * (/api/admin/outbox): every message Storey wrote, to whom, and whether it went.
 */
export const notificationRoutes: FastifyPluginAsync<{
  notifier: Notifier;
  index: PortfolioIndex;
}> = async (api, { notifier, index }) => {
  const { db } = index.database;
  const settingOf = (sub: string) =>
    db
      .selectFrom('notification_setting')
      .select(['email_on', 'quiet_from', 'quiet_to', 'time_zone'])
      .where('sub', '=', sub)
      .executeTakeFirst();

  api.get('/me/notifications', async (request) => {
    parseQuery(z.strictObject({}), request.query);
    const setting = request.user ? await settingOf(request.user.sub) : undefined;
    const chosen = setting?.email_on ?? null;
    return {
      email: request.user?.email ?? null,
      emailOn: chosen ?? roleAllows(request.access.role, 'operator'),
      chosen: chosen !== null,
      smtp: notifier.smtp,
      quietHours:
        setting?.quiet_from != null && setting.quiet_to != null && setting.time_zone
          ? {
              from: clockOf(setting.quiet_from),
              to: clockOf(setting.quiet_to),
              timeZone: setting.time_zone,
            }
          : null,
    };
  });

  api.post('/me/notifications', async (request, reply) => {
    if (!request.user)
      return sendProblem(
        reply,
        409,
        'Nobody is signed in here, so there is no one to send e-mail to.',
      );
    const parsed = settingBody.safeParse(request.body);
    if (!parsed.success)
      return sendProblem(
        reply,
        400,
        `Send {"emailOn": true or false} and/or {"quietHours": {"from": "22:00", "to": "07:00", "timeZone": "Europe/Helsinki"} or null}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}.`,
      );
    const problem = settingProblem(parsed.data);
    if (problem) return sendProblem(reply, 400, problem);
    const change = settingChange(parsed.data);
    await db
      .insertInto('notification_setting')
      .values({ sub: request.user.sub, ...change })
      .onConflict((conflict) => conflict.column('sub').doUpdateSet(change))
      .execute();
    return reply.code(204).send();
  });

  api.get('/admin/outbox', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    if (request.access.role !== 'admin')
      return sendProblem(reply, 403, 'Only an administrator of Storey may read the outbox.', {
        reason: 'not-admin',
      });
    return { smtp: notifier.smtp, items: await notifier.outbox.recent(200) };
  });

  refuseOtherMethods(api, 'GET', ['/admin/outbox']);
};
