import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { alarmKinds, alarmSeverities, alarmViews } from '../../../src/shared/contracts/alarms.ts';
import { roleAllows } from '../../../src/shared/contracts/access.ts';
import { roleAt } from '../../access/person-access.ts';
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
import { alarmActionRoutes } from './action-routes.ts';
import { assigneesOf, visibleAlarm } from './route-parts.ts';
import { silenceRoutes } from './silence-routes.ts';

const listQuery = z.strictObject({
  view: z.enum(alarmViews).optional(),
  kind: z.enum(alarmKinds).optional(),
  severity: z.enum(alarmSeverities).optional(),
  building: platformId.optional(),
  offset: whole(maxListOffset).optional(),
  limit: whole(1000).pipe(z.number().min(1)).optional(),
});

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
  await api.register(silenceRoutes, { index });
  await api.register(alarmActionRoutes, { index, policies });

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

  api.get('/:id', async (request, reply) => {
    const visible = await visibleAlarm(index, request, reply);
    if (!visible) return reply;
    return {
      ...visible.found,
      mayAct: roleAllows(roleAt(request.access, visible.place), 'operator'),
      assignees: await assigneesOf(index, policies, visible.place),
    };
  });

  refuseOtherMethods(api, 'GET', ['/', '/:id', '/noise']);
};
