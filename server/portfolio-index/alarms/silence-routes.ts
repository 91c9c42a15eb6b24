import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { maxSilenceDays } from '../../../src/shared/contracts/alarms.ts';
import { notShared, roleAllows } from '../../../src/shared/contracts/access.ts';
import { roleAt } from '../../access/person-access.ts';
import { refuseOtherMethods } from '../../http/method-not-allowed.ts';
import { sendProblem } from '../../http/problem.ts';
import { parseQuery } from '../../http/query-parameters.ts';
import { platformId, whole } from '../core/route-helpers.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import { actorOf, bodyProblem, plainText } from './route-parts.ts';

const silenceBody = z.strictObject({
  place: z.strictObject({ kind: z.enum(['building', 'site']), id: platformId }),
  reason: plainText(500),
  endsAt: z.iso.datetime({ offset: true }),
});
const silenceParams = z.strictObject({ id: whole(2 ** 31 - 1) });

/**
 * A silence's place as access sees it: a building, or a site (whose grants are the site's and
 * its organisation's). Undefined where the index does not know it.
 */
async function silencePlace(index: PortfolioIndex, kind: 'building' | 'site', id: string) {
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
}

/**
 * Silences (under /api/alarms): listed where the person sees their place, made and lifted with
 * the operator role on it, with a reason and an end.
 */
export const silenceRoutes: FastifyPluginAsync<{ index: PortfolioIndex }> = async (
  api,
  { index },
) => {
  api.get('/silences', async (request) => {
    parseQuery(z.strictObject({}), request.query);
    const items = [];
    for (const silence of await index.alarms.silences.current()) {
      const where = await silencePlace(index, silence.place.kind, silence.place.id);
      if (where && roleAt(request.access, where.place) !== null) items.push(silence);
    }
    return { items };
  });

  api.post('/silences', async (request, reply) => {
    parseQuery(z.strictObject({}), request.query);
    const parsed = silenceBody.safeParse(request.body);
    if (!parsed.success) return bodyProblem(reply, parsed.error.issues);
    const { place, reason, endsAt } = parsed.data;
    const where = await silencePlace(index, place.kind, place.id);
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
    const where = silence && (await silencePlace(index, silence.place.kind, silence.place.id));
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

  refuseOtherMethods(api, ['GET', 'POST'], ['/silences']);
  refuseOtherMethods(api, 'POST', ['/silences/:id/lift']);
};
