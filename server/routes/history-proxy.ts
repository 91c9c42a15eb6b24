import type { FastifyPluginAsync } from 'fastify';
import type { HistorySettings } from '../config.ts';
import { validId } from '../http/path-id.ts';
import { refuseOtherMethods } from '../http/method-not-allowed.ts';
import { HttpProblem } from '../http/problem.ts';
import { Readable } from 'node:stream';
import { relayStream, relayedRoute } from '../http/relay.ts';
import { HistoryRefusal, HistoryTooLarge, readHistory } from '../platform/history-reader.ts';
import type { PlatformGateway } from '../platform/gateway.ts';
import { historyLevels, type HistoryLevel } from '../platform/history.ts';
import { parseZonedDateTime } from '../platform/platform-timestamp.ts';
import { dayMs } from '../../src/shared/rules/site-clock.ts';
import type { PlaceGuard } from '../access/access-gate.ts';

/** The platform's timestamp has four year digits. */
const earliestWritable = Date.parse('0000-01-01T00:00:00.000Z');
const latestWritable = Date.parse('9999-12-31T23:59:59.999Z');
const placeNames: Record<HistoryLevel, 'building' | 'floor' | 'space' | 'device'> = {
  Buildings: 'building',
  Floors: 'floor',
  Spaces: 'space',
  Devices: 'device',
};

/** `from` and `to` as the browser sends them (ISO 8601 with a zone), checked and bounded. */
function checkedHistoryRange(query: unknown, maxDays: number): { from: number; to: number } {
  const raw = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(raw).filter((name) => name !== 'from' && name !== 'to');
  if (unknown.length > 0) {
    throw new HttpProblem(
      400,
      `Unknown query parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
    );
  }
  const instant = (name: 'from' | 'to'): number => {
    const value = raw[name];
    if (value === undefined)
      throw new HttpProblem(400, `Query parameter "${name}" is required (an ISO 8601 date-time).`);
    if (typeof value !== 'string')
      throw new HttpProblem(400, `Query parameter "${name}" may be given only once.`);
    const parsed = value.length <= 40 ? parseZonedDateTime(value) : undefined;
    if (parsed === undefined || Number.isNaN(parsed)) {
      throw new HttpProblem(
        400,
        `Query parameter "${name}" must be an ISO 8601 date-time with a zone, such as 2026-11-22T08:00:00Z.`,
      );
    }
    return parsed;
  };
  const from = instant('from');
  const to = instant('to');
  if (to <= from) throw new HttpProblem(400, 'The range must end after it starts ("to" > "from").');
  if (to - from > maxDays * dayMs) {
    throw new HttpProblem(400, `The range may span at most ${maxDays} days.`);
  }
  if (from < earliestWritable || to > latestWritable) {
    throw new HttpProblem(400, 'The range must lie between the years 0000 and 9999.');
  }
  return { from, to };
}

/**
 * GET /api/{Buildings|Floors|Spaces|Devices}/{id}/HistoricalValues?from&to (registered with prefix /api).
 * Every page of every day of the range, in time order, as one list (server/platform/history-reader).
 */
export const historyProxy: FastifyPluginAsync<{
  gateway: PlatformGateway;
  settings: HistorySettings;
  /** Checks the place's id against the person's scope before the platform is asked. */
  guard: PlaceGuard;
}> = async (api, { gateway, settings, guard }) => {
  for (const level of historyLevels) {
    const url = `/${level}/:id/HistoricalValues`;
    api.get<{ Params: { id: string } }>(url, relayedRoute, async (request, reply) => {
      const id = validId(request.params.id, placeNames[level]);
      const range = checkedHistoryRange(request.query, settings.maxDays);
      await guard(request, reply, placeNames[level], id);
      // The browser gone (or the answer's deadline passed, which ends the response): the
      // reading stops at its next page, read-ahead days included (security review M4).
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      let readings: AsyncIterable<string>;
      try {
        readings = await readHistory({ gateway, settings, level, id, range, signal: gone.signal });
      } catch (error) {
        if (error instanceof HistoryTooLarge) {
          throw new HttpProblem(
            400,
            `This ${placeNames[level]} has about ${error.estimate.toLocaleString('en-US')} readings in that range, more than Storey shows at once (${error.limit.toLocaleString('en-US')}). Choose a shorter range, or a floor or room.`,
          );
        }
        if (error instanceof HistoryRefusal) {
          const { response } = error;
          if (response.status === 403 && /json/.test(response.headers['content-type'] ?? '')) {
            throw new HttpProblem(403, historyNotEnabled);
          }
          return relayStream(
            reply,
            { ...response, body: Readable.from([response.body]) },
            { queues: gateway.queues },
          );
        }
        throw error;
      }
      // Compressed and queued like every relayed answer; each page was read whole, so a slow
      // browser holds no platform connection, only the days read ahead.
      return relayStream(
        reply,
        {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: Readable.from(readings),
        },
        { queues: gateway.queues },
      );
    });
    refuseOtherMethods(api, 'GET', [url]);
  }
};

/** What a person reads when the credential lacks the Historical API type (field notes). */
export const historyNotEnabled =
  "Storey's platform credential is not enabled for historical values; ask your platform administrator.";
