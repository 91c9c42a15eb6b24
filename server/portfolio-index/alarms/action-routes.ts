import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { maxCommentLength } from '../../../src/shared/contracts/alarms.ts';
import { roleAllows } from '../../../src/shared/contracts/access.ts';
import { roleAt } from '../../access/person-access.ts';
import type { PolicySource } from '../../access/policy-source.ts';
import { refuseOtherMethods } from '../../http/method-not-allowed.ts';
import { sendProblem } from '../../http/problem.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import { actorOf, assigneesOf, bodyProblem, plainText, visibleAlarm } from './route-parts.ts';

const acknowledgeBody = z.strictObject({ comment: plainText(maxCommentLength).optional() });
const assignBody = z.strictObject({ assignee: z.string().min(1).max(256).nullable() });
const commentBody = z.strictObject({ text: plainText(maxCommentLength) });
const clearBody = z.strictObject({ reason: plainText(maxCommentLength) });

/** The alarm, when the person may act on it; a problem sent otherwise. */
async function actionable(index: PortfolioIndex, request: FastifyRequest, reply: FastifyReply) {
  const visible = await visibleAlarm(index, request, reply);
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
}

/**
 * Acting on one alarm (under /api/alarms): acknowledging, assigning, commenting and clearing by
 * hand need the operator role on its building; an assignee must be someone who sees it.
 */
export const alarmActionRoutes: FastifyPluginAsync<{
  index: PortfolioIndex;
  policies: PolicySource;
}> = async (api, { index, policies }) => {
  api.post('/:id/acknowledge', async (request, reply) => {
    const parsed = acknowledgeBody.safeParse(request.body ?? {});
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const alarm = await actionable(index, request, reply);
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
    const alarm = await actionable(index, request, reply);
    if (!alarm) return reply;
    const { assignee } = parsed.data;
    const to =
      assignee === null
        ? null
        : (await assigneesOf(index, policies, alarm.place)).find((one) => one.sub === assignee);
    if (to === undefined)
      return sendProblem(
        reply,
        422,
        'That person cannot see this alarm’s building, so it cannot be assigned to them. Pick someone from the list, or ask whoever manages access to share the building with them.',
        { reason: 'assignee-out-of-scope' },
      );
    await index.alarms.actions.assign(alarm.id, to, actorOf(request));
    return reply.code(204).send();
  });

  api.post('/:id/comments', async (request, reply) => {
    const parsed = commentBody.safeParse(request.body);
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const alarm = await actionable(index, request, reply);
    if (!alarm) return reply;
    await index.alarms.actions.comment(alarm.id, parsed.data.text, actorOf(request));
    return reply.code(201).send();
  });

  api.post('/:id/clear', async (request, reply) => {
    const parsed = clearBody.safeParse(request.body);
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const alarm = await actionable(index, request, reply);
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

  refuseOtherMethods(api, 'POST', [
    '/:id/acknowledge',
    '/:id/assign',
    '/:id/comments',
    '/:id/clear',
  ]);
};
