import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notShared } from '../../../src/shared/contracts/access.ts';
import { accessOf, roleAt, type Place } from '../../access/person-access.ts';
import type { PolicySource } from '../../access/policy-source.ts';
import { sendProblem } from '../../http/problem.ts';
import { parseQuery } from '../../http/query-parameters.ts';
import { notYetIndexed, readerOf, whole } from '../core/route-helpers.ts';
import type { PortfolioIndex } from '../portfolio-index.ts';
import type { Actor } from './actions.ts';

/** What the alarm routes share: their text bodies, who acts, who may be assigned, one visible alarm. */

export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    // Control characters other than line breaks are not text a person typed.
    .refine((text) => !/[^\P{Cc}\n\r\t]/u.test(text), { message: 'must be plain text' });

export const bodyProblem = (reply: FastifyReply, issues: z.core.$ZodIssue[]) =>
  sendProblem(
    reply,
    400,
    `Storey cannot take this: ${issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}.`,
  );

/** Who is acting: the signed-in person. */
export const actorOf = (request: FastifyRequest): Actor => ({
  sub: request.user?.sub ?? 'anonymous',
  name: request.user?.name ?? null,
});

const alarmParams = z.strictObject({ id: whole(2 ** 31 - 1) });

/** People seen signing in whose access covers the building. */
export const assigneesOf = async (index: PortfolioIndex, policies: PolicySource, place: Place) => {
  const policy = await policies.current();
  const people = await index.access.people();
  return people
    .filter((person) => {
      const access = accessOf(policy, { sub: person.sub, groups: person.groups });
      return roleAt(access, place) !== null;
    })
    .map((person) => ({ sub: person.sub, name: person.name }));
};

/** The alarm as the person may see it, and its building's place; a problem sent otherwise. */
export const visibleAlarm = async (
  index: PortfolioIndex,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
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
