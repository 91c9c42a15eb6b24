import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseQuery } from '../../http/query-parameters.ts';
import { sendProblem } from '../../http/problem.ts';
import { platformIdPattern, platformIdRule } from '../../../src/shared/platform/fields.ts';
import { noGroupKey } from '../../../src/shared/labels.ts';
import type { IndexReader } from './served.ts';
import { notShared } from '../../../src/shared/contracts/access.ts';

/** What every capability's routes share: query pieces, the reader, the index's plain refusals. */

export const whole = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/** How deep findings, readings and energy lists page (their CSV pages reach every row). */
export const maxListOffset = 200_000;

/** A platform id, as the index keeps them (the same rule as the paths the BFF relays). */
export const platformId = z.string().regex(platformIdPattern, platformIdRule);

/** A site or organisation to narrow to: an id, or the group of buildings the platform placed on none. */
export const groupId = z.union([z.literal(noGroupKey), platformId]);

/**
 * The request as a reader of the index: whose scope applies (the database answers only their
 * rows), and a read that stops mattering when its browser goes.
 */
export function readerOf(request: FastifyRequest, reply: FastifyReply): IndexReader {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  return { signal: gone.signal, access: request.access };
}

export const notYetIndexed = (reply: FastifyReply) =>
  sendProblem(
    reply.header('retry-after', '30'),
    503,
    'The portfolio is still being indexed: try again in a minute. The progress is at /api/index/status.',
    { reason: 'index-empty' },
  );

/** A building's page of the index: no query, and its id from the path, validated. */
export const buildingIdOf = (request: FastifyRequest) => {
  parseQuery(z.strictObject({}), request.query);
  return parseQuery(z.strictObject({ buildingId: platformId }), request.params, 'Path parameter')
    .buildingId;
};

export const notInIndex = (
  request: FastifyRequest,
  reply: FastifyReply,
  buildingId: string,
  asOf: string,
) =>
  // A person who sees part of the portfolio hears the same of an unknown building as of one not
  // shared with them (no existence oracle).
  !request.access.all
    ? sendProblem(reply, notShared.status, notShared.detail, { reason: notShared.reason })
    : sendProblem(
        reply,
        404,
        `The portfolio index (as of ${asOf}) has no building with id "${buildingId}": it may have been added since, or removed.`,
        { reason: 'not-in-index', asOf },
      );
