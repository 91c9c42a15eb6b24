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
import { createNotifier, type Notifier } from './notifier.ts';
import type { Recipient } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alarm notifications; undefined where the index (which keeps the alarms) is off. */
    notifier: Notifier | undefined;
  }
}

/**
 * Who is told about a building's alarms: people seen signing in, with an e-mail address, whose
 * access covers the building and who have e-mail on (by default where they may act on alarms).
 * Worked out when a message is written, so a grant removed since is never told.
 */
export function recipientsFor(index: PortfolioIndex, policies: PolicySource) {
  return async (buildingId: string): Promise<Recipient[]> => {
    const policy = await policies.current();
    const place = (await index.access.building(buildingId)) ?? {
      id: buildingId,
      site_id: null,
      organization_id: null,
    };
    const { db } = index.database;
    const people = await db
      .selectFrom('person')
      .leftJoin('notification_setting as setting', 'setting.sub', 'person.sub')
      .select(['person.sub', 'person.name', 'person.email', 'person.groups', 'setting.email_on'])
      .where('person.email', 'is not', null)
      .execute();
    return people.flatMap((person) => {
      const role = roleAt(accessOf(policy, { sub: person.sub, groups: person.groups }), place);
      if (role === null) return [];
      const on = person.email_on ?? roleAllows(role, 'operator');
      return on ? [{ sub: person.sub, name: person.name, email: person.email! }] : [];
    });
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
    const { smtpUrl, from, everySeconds, sink } = config.notifications;
    const notifier = createNotifier({
      db: index.database.db,
      clock,
      recipientsOf: recipientsFor(index, policies),
      mailer: smtpUrl ? smtpMailer(smtpUrl, from) : undefined,
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

const settingBody = z.strictObject({ emailOn: z.boolean() });

/**
 * A person's notification setting (/api/me/notifications) and the administrators' Outbox
 * (/api/admin/outbox): every message Storey wrote, to whom, and whether it went.
 */
export const notificationRoutes: FastifyPluginAsync<{
  notifier: Notifier;
  index: PortfolioIndex;
}> = async (api, { notifier, index }) => {
  const { db } = index.database;
  const settingOf = async (sub: string) =>
    (
      await db
        .selectFrom('notification_setting')
        .select('email_on')
        .where('sub', '=', sub)
        .executeTakeFirst()
    )?.email_on;

  api.get('/me/notifications', async (request) => {
    parseQuery(z.strictObject({}), request.query);
    const chosen = request.user ? await settingOf(request.user.sub) : undefined;
    return {
      email: request.user?.email ?? null,
      emailOn: chosen ?? roleAllows(request.access.role, 'operator'),
      chosen: chosen !== undefined,
      smtp: notifier.smtp,
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
      return sendProblem(reply, 400, 'Send {"emailOn": true} or {"emailOn": false}.');
    await db
      .insertInto('notification_setting')
      .values({ sub: request.user.sub, email_on: parsed.data.emailOn })
      .onConflict((conflict) =>
        conflict.column('sub').doUpdateSet({ email_on: parsed.data.emailOn }),
      )
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
