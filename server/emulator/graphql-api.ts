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

export function registerGraphqlApi(
  app: FastifyInstance,
  options: { schema: GraphQLSchema; verifyToken: (token: string) => Promise<boolean> },
): void {
  app.post('/graphql', async (request, reply) => {
    const version = request.headers['x-api-version'];
    if (
      version !== undefined &&
      (typeof version !== 'string' || !supportedApiVersions.includes(version))
    ) {
      return reply.code(400).send(unsupportedVersionBody);
    }
    const contentType = request.headers['content-type'] ?? '';
    const body = request.body as
      { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (
      !contentType.toLowerCase().startsWith('application/json') ||
      typeof body !== 'object' ||
      body === null
    ) {
      return reply
        .code(400)
        .send(
          errorsBody(
            [new GraphQLError('The GraphQL request body must be a JSON object.')],
            'HC0009',
          ),
        );
    }
    if (typeof body.query !== 'string' || body.query.trim() === '') {
      return reply
        .code(400)
        .send(errorsBody([new GraphQLError('The GraphQL request has no query.')], 'HC0009'));
    }
    if (
      body.variables !== undefined &&
      body.variables !== null &&
      (typeof body.variables !== 'object' || Array.isArray(body.variables))
    ) {
      return reply
        .code(400)
        .send(errorsBody([new GraphQLError('Variables must be a JSON object.')], 'HC0009'));
    }
    if (
      body.operationName !== undefined &&
      body.operationName !== null &&
      typeof body.operationName !== 'string'
    ) {
      return reply
        .code(400)
        .send(errorsBody([new GraphQLError('operationName must be a string.')], 'HC0009'));
    }

    let document: DocumentNode;
    try {
      document = parse(body.query, { maxTokens: 20_000 });
    } catch (error) {
      return reply.code(400).send(errorsBody([error as GraphQLError], 'HC0011'));
    }
    // Introspection is answered without a token, like the real service; data needs one.
    if (!isIntrospectionOnly(document)) {
      const token = tokenFromHeader(request);
      if (!token || !(await options.verifyToken(token))) {
        return reply
          .code(401)
          .send(
            errorsBody(
              [new GraphQLError('The current user is not authorized to access this resource.')],
              'AUTH_NOT_AUTHENTICATED',
            ),
          );
      }
    }
    if (
      document.definitions.some(
        (definition) =>
          definition.kind === 'OperationDefinition' && definition.operation !== 'query',
      )
    ) {
      return reply
        .code(400)
        .send(
          errorsBody(
            [
              new GraphQLError(
                'This service reads data only: mutations and subscriptions are not supported.',
              ),
            ],
            'HC0015',
          ),
        );
    }
    const validationErrors = validate(options.schema, document, specifiedRules);
    if (validationErrors.length > 0) {
      return reply.code(400).send(errorsBody(validationErrors, 'HC0020'));
    }
    const result = await execute({
      schema: options.schema,
      document,
      variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
      operationName: (body.operationName ?? undefined) as string | undefined,
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
