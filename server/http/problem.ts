import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';

/** RFC 9457 problem details: every answer the BFF makes up itself has this shape. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

export function problem(
  status: number,
  detail: string,
  extensions: Record<string, unknown> = {},
): ProblemDetails {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...extensions,
  };
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  extensions: Record<string, unknown> = {},
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/problem+json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(problem(status, detail, extensions)));
}
