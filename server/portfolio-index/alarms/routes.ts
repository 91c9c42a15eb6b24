import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  alarmKinds,
  alarmSeverities,
  alarmViews,
  maxCommentLength,
  maxSilenceDays,
} from '../../../src/shared/contracts/alarms.ts';
import { notShared, roleAllows } from '../../../src/shared/contracts/access.ts';
import { accessOf, roleAt, type Place } from '../../access/person-access.ts';
import type { PolicySource } from '../../access/policy-source.ts';
import { refuseOtherMethods } from '../../http/method-not-allowed.ts';
import { sendProblem } from '../../http/problem.ts';
import { parseQuery } from '../../http/query-parameters.ts';
import {
  maxListOffset,
  notYetIndexed,
  platformId,
  readerOf,
  whole,
} from '../core/route-helpers.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import type { Actor } from './actions.ts';

const listQuery = z.strictObject({
  view: z.enum(alarmViews).optional(),
  kind: z.enum(alarmKinds).optional(),
  severity: z.enum(alarmSeverities).optional(),
  building: platformId.optional(),
  offset: whole(maxListOffset).optional(),
  limit: whole(1000).pipe(z.number().min(1)).optional(),
});

const alarmParams = z.strictObject({ id: whole(2 ** 31 - 1) });

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    // Control characters other than line breaks are not text a person typed.
    .refine((text) => !/[^\P{Cc}\n\r\t]/u.test(text), { message: 'must be plain text' });

const acknowledgeBody = z.strictObject({ comment: plainText(maxCommentLength).optional() });
const assignBody = z.strictObject({ assignee: z.string().min(1).max(256).nullable() });
const commentBody = z.strictObject({ text: plainText(maxCommentLength) });
const clearBody = z.strictObject({ reason: plainText(maxCommentLength) });

const silenceBody = z.strictObject({
  place: z.strictObject({ kind: z.enum(['building', 'site']), id: platformId }),
  reason: plainText(500),
  endsAt: z.iso.datetime({ offset: true }),
});
const silenceParams = z.strictObject({ id: whole(2 ** 31 - 1) });

const bodyProblem = (reply: FastifyReply, issues: z.core.$ZodIssue[]) =>
  sendProblem(
    reply,
    400,
    `Storey cannot take this: ${issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}.`,
  );

/**
 * Alarms (registered with prefix /api/alarms, behind the session and access gates): the
 * worklist and one alarm are read under the person's scope (the alarm table's row-level policy);
 * acknowledging, assigning and commenting need the operator role on the alarm's building, and an
 * assignee must be someone who can see that building.
 */
export const alarmsRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  policies: PolicySource;
}> = async (api, { index, policies }) => {
  const actorOf = (request: FastifyRequest): Actor => ({
    sub: request.user?.sub ?? 'anonymous',
    name: request.user?.name ?? null,
  });

  /** People seen signing in whose access covers the building. */
  const assigneesOf = async (place: Place) => {
    const policy = await policies.current();
    const people = await index.access.people();
    return people
      .filter((person) => {
        const access = accessOf(policy, { sub: person.sub, groups: person.groups });
        return roleAt(access, place) !== null;
      })
      .map((person) => ({ sub: person.sub, name: person.name }));
  };

  /**
   * A silence's place as access sees it: a building, or a site (whose grants are the site's and
   * its organisation's). Undefined where the index does not know it.
   */
  const silencePlace = async (kind: 'building' | 'site', id: string) => {
    if (kind === 'building') {
      const building = await index.access.building(id);
      return building && { place: building, name: building.name };
    }
    const site = await index.access.site(id);
    // No building has an empty id: only the site's and its organisation's grants cover it.
    return (
      site && {
        place: { id: '', site_id: site.id, organization_id: site.organization_id },
        name: site.name,
      }
    );
  };

  api.get('/noise', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    if (request.access.role !== 'admin')
      return sendProblem(
        reply,
        403,
        'Only an administrator of Storey may read how noisy the alarms are.',
        { reason: 'not-admin' },
      );
    const answer = await index.alarms.noise(readerOf(request, reply));
    if (!answer) return notYetIndexed(reply);
    return answer;
  });

  api.get('/silences', async (request) => {
    parseQuery(z.strictObject({}), request.query);
    const items = [];
    for (const silence of await index.alarms.silences.current()) {
      const where = await silencePlace(silence.place.kind, silence.place.id);
      if (where && roleAt(request.access, where.place) !== null) items.push(silence);
    }
    return { items };
  });

  api.post('/silences', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    const parsed = silenceBody.safeParse(request.body);
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const { place, reason, endsAt } = parsed.data;
    const where = await silencePlace(place.kind, place.id);
    const role = where ? roleAt(request.access, where.place) : null;
    if (!where || role === null)
      return sendProblem(reply, notShared.status, notShared.detail, { reason: notShared.reason });
    if (!roleAllows(role, 'operator'))
      return sendProblem(
        reply,
        403,
        `You may see this ${place.kind} but not silence its alarms: that needs the operator role on it. Ask whoever manages access to Storey.`,
        { reason: 'not-operator' },
      );
    const made = await index.alarms.silences.create(
      { kind: place.kind, id: place.id, name: where.name },
      reason,
      new Date(endsAt),
      actorOf(request),
    );
    if (made === 'ends-before-now')
      return sendProblem(reply, 422, 'A silence must end later than now. Pick a later end.', {
        reason: 'ends-before-now',
      });
    if (made === 'too-long')
      return sendProblem(
        reply,
        422,
        `A silence lasts at most ${maxSilenceDays} days. Pick an earlier end, and silence it again then if it still needs to be.`,
        { reason: 'too-long' },
      );
    return reply.code(201).send(made);
  });

  api.post('/silences/:id/lift', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    const { id } = parseQuery(silenceParams, request.params, 'Path parameter');
    const silence = await index.alarms.silences.get(id);
    const where = silence && (await silencePlace(silence.place.kind, silence.place.id));
    const role = where ? roleAt(request.access, where.place) : null;
    if (!silence || role === null)
      return sendProblem(reply, notShared.status, notShared.detail, { reason: notShared.reason });
    if (!roleAllows(role, 'operator'))
      return sendProblem(
        reply,
        403,
        'You may see this silence but not lift it: that needs the operator role on its place.',
        { reason: 'not-operator' },
      );
    if (!(await index.alarms.silences.lift(id, actorOf(request))))
      return sendProblem(reply, 409, 'This silence has already ended.', {
        reason: 'already-ended',
      });
    return reply.code(204).send();
  });

  api.get('/', async (request, reply) => {
    const {
      view = 'open',
      offset = 0,
      limit = 100,
      ...filter
    } = parseQuery(listQuery, request.query);
    const answer = await index.alarms.list(
      readerOf(request, reply),
      { view, ...filter, me: request.user?.sub ?? 'anonymous' },
      { offset, limit },
    );
    if (!answer) return notYetIndexed(reply);
    return answer;
  });

  /** The alarm as the person may see it, and its building's place; a problem sent otherwise. */
  const visibleAlarm = async (request: FastifyRequest, reply: FastifyReply) => {
    parseQuery(z.strictObject({}), request.query);
    const { id } = parseQuery(alarmParams, request.params, 'Path parameter');
    const found = await index.alarms.get(readerOf(request, reply), id);
    if (!found) {
      await notYetIndexed(reply);
      return undefined;
    }
    if (!found.alarm) {
      await sendProblem(reply, notShared.status, notShared.detail, { reason: notShared.reason });
      return undefined;
    }
    const place = (await index.access.building(found.alarm.alarm.buildingId)) ?? {
      id: found.alarm.alarm.buildingId,
      site_id: null,
      organization_id: null,
    };
    return { id, found: found.alarm, place };
  };

  api.get('/:id', async (request, reply) => {
    const visible = await visibleAlarm(request, reply);
    if (!visible) return reply;
    return {
      ...visible.found,
      mayAct: roleAllows(roleAt(request.access, visible.place), 'operator'),
      assignees: await assigneesOf(visible.place),
    };
  });

  /** The alarm, when the person may act on it; a problem sent otherwise. */
  const actionable = async (request: FastifyRequest, reply: FastifyReply) => {
    const visible = await visibleAlarm(request, reply);
    if (!visible) return undefined;
    if (!roleAllows(roleAt(request.access, visible.place), 'operator')) {
      await sendProblem(
        reply,
        403,
        'You may see this alarm but not act on it: acknowledging, assigning and commenting need the operator role on its building. Ask whoever manages access to Storey.',
        { reason: 'not-operator' },
      );
      return undefined;
    }
    return visible;
  };

  api.post('/:id/acknowledge', async (request, reply) => {
    const parsed = acknowledgeBody.safeParse(request.body ?? {});
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const alarm = await actionable(request, reply);
    if (!alarm) return reply;
    const done = await index.alarms.actions.acknowledge(
      alarm.id,
      actorOf(request),
      parsed.data.comment ?? null,
    );
    if (done !== 'done')
      return sendProblem(
        reply,
        409,
        `Already acknowledged by ${done.already.name ?? done.already.sub ?? 'someone'}${done.already.at ? ` at ${done.already.at.toISOString()}` : ''}.`,
        { reason: 'already-acknowledged' },
      );
    return reply.code(204).send();
  });

  api.post('/:id/assign', async (request, reply) => {
    const parsed = assignBody.safeParse(request.body);
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const alarm = await actionable(request, reply);
    if (!alarm) return reply;
    const { assignee } = parsed.data;
    let to: Actor | null = null;
    if (assignee !== null) {
      const person = (await assigneesOf(alarm.place)).find((one) => one.sub === assignee);
      if (!person)
        return sendProblem(
          reply,
          422,
          'That person cannot see this alarm’s building, so it cannot be assigned to them. Pick someone from the list, or ask whoever manages access to share the building with them.',
          { reason: 'assignee-out-of-scope' },
        );
      to = person;
    }
    await index.alarms.actions.assign(alarm.id, to, actorOf(request));
    return reply.code(204).send();
  });

  api.post('/:id/comments', async (request, reply) => {
    const parsed = commentBody.safeParse(request.body);
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const alarm = await actionable(request, reply);
    if (!alarm) return reply;
    await index.alarms.actions.comment(alarm.id, parsed.data.text, actorOf(request));
    return reply.code(201).send();
  });

  api.post('/:id/clear', async (request, reply) => {
    const parsed = clearBody.safeParse(request.body);
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const alarm = await actionable(request, reply);
    if (!alarm) return reply;
    const done = await index.alarms.actions.clear(alarm.id, actorOf(request), parsed.data.reason);
    if (done === 'not-clearable')
      return sendProblem(
        reply,
        409,
        'This alarm clears itself when the room is back inside its band; acknowledge it instead.',
        { reason: 'clears-itself' },
      );
    if (done === 'already')
      return sendProblem(reply, 409, 'This alarm has already cleared.', {
        reason: 'already-cleared',
      });
    return reply.code(204).send();
  });

  refuseOtherMethods(api, 'GET', ['/', '/:id', '/noise']);
  refuseOtherMethods(api, ['GET', 'POST'], ['/silences']);
  refuseOtherMethods(api, 'POST', [
    '/silences/:id/lift',
    '/:id/acknowledge',
    '/:id/assign',
    '/:id/comments',
    '/:id/clear',
  ]);
};
