import type { FastifyReply, FastifyRequest } from 'fastify';
import { historyDayMs, maximumHistoryDays } from './history-series.ts';
import type { Portfolio } from './portfolio.ts';

/** What every REST endpoint of the emulator reads as the real service does: versions, pages, time ranges. */

export const supportedApiVersions = ['2.0', '3.0'];
export const unsupportedVersionBody = ['Unsupported API Version was requested'];
const defaultTake = 1000;
const maximumTake = 5000;

export type TokenCheck = (request: FastifyRequest) => Promise<boolean>;

export interface ListParameters {
  take: number;
  skip: number;
  siteId?: string | undefined;
  includeCounts: boolean;
}

/** Query parameter names are case-insensitive on the real service (ASP.NET model binding). */
export function lowerCaseKeys(query: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    result[key.toLowerCase()] = Array.isArray(value) ? String(value[0]) : String(value);
  }
  return result;
}

export function parseListParameters(query: unknown): ListParameters | string[] {
  const raw = lowerCaseKeys(query);
  const errors: string[] = [];
  const integer = (name: 'take' | 'skip', fallback: number): number => {
    const value = raw[name];
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) {
      errors.push(`The value '${value}' is not valid for ${name}.`);
      return fallback;
    }
    const parsed = Number(value);
    if (parsed < 0) errors.push(`'${name}' must be greater than or equal to 0.`);
    return parsed;
  };
  const take = integer('take', defaultTake);
  const skip = integer('skip', 0);
  if (take > maximumTake) errors.push(`'take' must be less than or equal to ${maximumTake}.`);
  let includeCounts = false;
  if (raw.includecounts !== undefined) {
    const value = raw.includecounts.toLowerCase();
    if (value !== 'true' && value !== 'false')
      errors.push(`The value '${raw.includecounts}' is not valid for includeCounts.`);
    includeCounts = value === 'true';
  }
  if (errors.length > 0) return errors;
  return { take, skip, siteId: raw.siteid, includeCounts };
}

export function sendPage<T>(
  reply: FastifyReply,
  items: readonly T[],
  parameters: ListParameters,
): FastifyReply {
  return reply
    .header('x-total-count', String(items.length))
    .send(items.slice(parameters.skip, parameters.skip + parameters.take));
}

/** The spec's historical-data timestamp, `YYYY-MM-DDTHH:mm:ss.SSS000Z`, read strictly. */
export function parseHistoryTimestamp(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}000Z$/.test(text)) return undefined;
  const milliseconds = `${text.slice(0, 23)}Z`;
  const time = Date.parse(milliseconds);
  // Date.parse accepts 30 February; a real date writes back the same.
  if (Number.isNaN(time) || new Date(time).toISOString() !== milliseconds) return undefined;
  return time;
}

/** Parameter names the emulator's history endpoints take (Storey's defaults for a real platform). */
export const historyParameters = { from: 'starttime', to: 'endtime' } as const;

export function parseHistoryRange(
  raw: Record<string, string>,
): { from: number; to: number } | string[] {
  const errors: string[] = [];
  const read = (key: string, name: string): number | undefined => {
    const value = raw[key];
    if (value === undefined) {
      errors.push(`The ${name} field is required.`);
      return undefined;
    }
    const time = parseHistoryTimestamp(value);
    if (time === undefined)
      errors.push(
        `The value '${value}' is not valid for ${name}. Use the format yyyy-MM-ddTHH:mm:ss.fff000Z (UTC).`,
      );
    return time;
  };
  const from = read(historyParameters.from, 'startTime');
  const to = read(historyParameters.to, 'endTime');
  if (from !== undefined && to !== undefined) {
    if (to <= from) errors.push('endTime must be later than startTime.');
    else if (to - from > maximumHistoryDays * historyDayMs)
      errors.push(`The requested period must not exceed ${maximumHistoryDays} days.`);
  }
  if (errors.length > 0 || from === undefined || to === undefined) return errors;
  return { from, to };
}

export interface RestApiOptions {
  portfolio: Portfolio;
  hasValidToken: TokenCheck;
  /** Historical values at all (EMULATOR_HISTORY); off answers 404, as a platform without them. */
  history: boolean;
  /** Devices and current values at all (off in the spec-only mode). */
  devices: boolean;
  /** A building's spaces with their types (`/api/Buildings/{id}/Spaces`; default `devices`). */
  spaceLists?: boolean | undefined;
  /** The API types this credential is enabled for (EMULATOR_API_TYPES; default all). */
  apiTypes?: readonly ApiType[] | undefined;
  /** The emulator's time: current values and the end of history (default: the system clock). */
  now?: (() => number) | undefined;
}

/** The API types a credential can be enabled for (field notes): each off answers 403. */
export const apiTypes = ['current-value', 'historical'] as const;
export type ApiType = (typeof apiTypes)[number];
