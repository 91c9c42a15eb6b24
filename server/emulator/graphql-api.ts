import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { supportedApiVersions, unsupportedVersionBody } from './rest-parameters.ts';

export function isIntrospectionQuery(query: unknown): boolean {
  if (typeof query !== 'string') return false;
  try {
    return isIntrospectionOnly(parse(query));
  } catch {
    return false;
  }
}

function isIntrospectionOnly(document: DocumentNode): boolean {
  return document.definitions.every(
    (definition) =>
      definition.kind !== 'OperationDefinition' ||
      definition.selectionSet.selections.every(
        (selection) => selection.kind === 'Field' && selection.name.value.startsWith('__'),
      ),
  );
}

function errorsBody(errors: readonly GraphQLError[], code: string) {
  return {
    errors: errors.map((error) => ({
      message: error.message,
      ...(error.locations ? { locations: error.locations } : {}),
      extensions: { code },
    })),
  };
}

/** The token alone (as the spec says) or with "Bearer " (as the vendor's examples send it). */
function tokenFromHeader(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return (match ? match[1] : header)?.trim();
}

/** A request the service refuses before running it: its status and errors. */
interface Refusal {
  refused: { status: number; body: unknown };
}
const refuse = (status: number, errors: readonly GraphQLError[], code: string): Refusal => ({
  refused: { status, body: errorsBody(errors, code) },
});
const badRequest = (message: string) => refuse(400, [new GraphQLError(message)], 'HC0009');

interface GraphqlRequestBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** The body of a GraphQL request as the service accepts it, or why it is refused. */
function readRequestBody(request: FastifyRequest): GraphqlRequestBody | Refusal {
  const version = request.headers['x-api-version'];
  if (
    version !== undefined &&
    (typeof version !== 'string' || !supportedApiVersions.includes(version))
  )
    return { refused: { status: 400, body: unsupportedVersionBody } };
  const contentType = request.headers['content-type'] ?? '';
  const body = request.body as
    { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
  if (
    !contentType.toLowerCase().startsWith('application/json') ||
    typeof body !== 'object' ||
    body === null
  )
    return badRequest('The GraphQL request body must be a JSON object.');
  if (typeof body.query !== 'string' || body.query.trim() === '')
    return badRequest('The GraphQL request has no query.');
  if (
    body.variables !== undefined &&
    body.variables !== null &&
    (typeof body.variables !== 'object' || Array.isArray(body.variables))
  )
    return badRequest('Variables must be a JSON object.');
  if (
    body.operationName !== undefined &&
    body.operationName !== null &&
    typeof body.operationName !== 'string'
  )
    return badRequest('operationName must be a string.');
  return body as GraphqlRequestBody;
}

/**
 * The parsed query when the service will run it: parsed within its token limit, a token for
 * anything but introspection (answered without one, like the real service), reads only, valid.
 */
async function acceptedDocument(
  query: string,
  request: FastifyRequest,
  options: GraphqlApiOptions,
): Promise<DocumentNode | Refusal> {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 20_000 });
  } catch (error) {
    return refuse(400, [error as GraphQLError], 'HC0011');
  }
  if (!isIntrospectionOnly(document)) {
    const token = tokenFromHeader(request);
    if (!token || !(await options.verifyToken(token)))
      return refuse(
        401,
        [new GraphQLError('The current user is not authorized to access this resource.')],
        'AUTH_NOT_AUTHENTICATED',
      );
  }
  if (
    document.definitions.some(
      (definition) => definition.kind === 'OperationDefinition' && definition.operation !== 'query',
    )
  )
    return refuse(
      400,
      [
        new GraphQLError(
          'This service reads data only: mutations and subscriptions are not supported.',
        ),
      ],
      'HC0015',
    );
  const validationErrors = validate(options.schema, document, specifiedRules);
  if (validationErrors.length > 0) return refuse(400, validationErrors, 'HC0020');
  return document;
}

interface GraphqlApiOptions {
  schema: GraphQLSchema;
  verifyToken: (token: string) => Promise<boolean>;
}

export function registerGraphqlApi(app: FastifyInstance, options: GraphqlApiOptions): void {
  app.post('/graphql', async (request, reply) => {
    const body = readRequestBody(request);
    if ('refused' in body) return reply.code(body.refused.status).send(body.refused.body);
    const document = await acceptedDocument(body.query, request, options);
    if ('refused' in document)
      return reply.code(document.refused.status).send(document.refused.body);
    const result = await execute({
      schema: options.schema,
      document,
      variableValues: body.variables ?? undefined,
      operationName: body.operationName ?? undefined,
    });
    // Variable coercion errors and similar come back without data: a bad request, not a partial answer.
    const status = result.data === undefined ? 400 : 200;
    return reply.code(status).send({
      ...(result.errors
        ? {
            errors: result.errors.map((error) => ({
              ...error.toJSON(),
              extensions: { code: 'EXEC_ERROR', ...error.extensions },
            })),
          }
        : {}),
      ...(result.data !== undefined ? { data: result.data } : {}),
    });
  });
}
