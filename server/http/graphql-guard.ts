import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  ExecutableDefinitionsRule,
  GraphQLError,
  KnownFragmentNamesRule,
  LoneAnonymousOperationRule,
  NoFragmentCyclesRule,
  NoUnusedFragmentsRule,
  UniqueFragmentNamesRule,
  UniqueOperationNamesRule,
  buildSchema,
  parse,
  validate,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';
import { z } from 'zod';
import { HttpProblem } from './problem';

export const graphqlLimits = {
  bodyBytes: 64 * 1024,
  depth: 10,
  aliases: 15,
  tokens: 5000,
} as const;

export const graphqlRequestSchema = z.strictObject({
  query: z.string().min(1, 'must not be empty'),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
  // urql and other clients may send an (empty) extensions object; it is not forwarded.
  extensions: z.record(z.string(), z.unknown()).nullish(),
});
export type GraphqlRequest = z.infer<typeof graphqlRequestSchema>;

/**
 * The BFF does not know the platform's schema, and does not need to: these rules only look at the
 * document's shape. graphql-js' validate() wants some schema, so it gets an empty one.
 */
const shapeOnlySchema = buildSchema('type Query { _unused: Boolean }');
const shapeRules = [
  ExecutableDefinitionsRule,
  LoneAnonymousOperationRule,
  UniqueOperationNamesRule,
  UniqueFragmentNamesRule,
  KnownFragmentNamesRule,
  NoUnusedFragmentsRule,
  NoFragmentCyclesRule,
  maxDepthRule({ n: graphqlLimits.depth, exposeLimits: true, propagateOnRejection: true }),
  maxAliasesRule({ n: graphqlLimits.aliases, exposeLimits: true, propagateOnRejection: true }),
];

function selectedOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === 'OperationDefinition',
  );
  const operation = operationName
    ? operations.find((candidate) => candidate.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) {
    throw new HttpProblem(
      400,
      operationName
        ? `The document has no operation named "${operationName}".`
        : 'The document must contain exactly one operation, or name one with operationName.',
    );
  }
  return operation;
}

/**
 * Verdicts by document: a dashboard sends the same few documents over and over, and parsing and
 * validating each again is most of what the BFF adds to a GraphQL call. Bounded, oldest out first.
 */
const verdicts = new Map<string, HttpProblem | null>();
const maxVerdicts = 500;

function checkDocument(query: string, operationName: string | null | undefined): void {
  const key = `${operationName ?? ''}\u0000${query}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = null;
    try {
      checkDocumentUncached(query, operationName);
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      verdict = error;
    }
    if (verdicts.size >= maxVerdicts) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(key, verdict);
  }
  if (verdict) throw verdict;
}

function checkDocumentUncached(query: string, operationName: string | null | undefined): void {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: graphqlLimits.tokens, noLocation: true });
  } catch (error) {
    throw new HttpProblem(
      400,
      `The GraphQL query does not parse: ${(error as GraphQLError).message}`,
    );
  }
  const operation = selectedOperation(document, operationName);
  if (operation.operation !== 'query') {
    throw new HttpProblem(
      400,
      `Only queries are allowed through Storey; ${operation.operation}s are refused.`,
    );
  }
  // Other operations in the same document could still be mutations the platform runs if it ignores operationName.
  if (
    document.definitions.some(
      (definition) => definition.kind === 'OperationDefinition' && definition.operation !== 'query',
    )
  ) {
    throw new HttpProblem(
      400,
      'Only queries are allowed through Storey; the document also holds a mutation or subscription.',
    );
  }
  let errors: readonly GraphQLError[];
  try {
    errors = validate(shapeOnlySchema, document, shapeRules);
  } catch (error) {
    errors = [
      error instanceof GraphQLError ? error : new GraphQLError('The document is not acceptable.'),
    ];
  }
  if (errors.length > 0) {
    throw new HttpProblem(
      400,
      `The GraphQL query is refused: ${errors.map((error) => error.message).join(' ')}`,
    );
  }
}

/** Checks a GraphQL request before anything is sent on: only bounded read-only queries pass. */
export function guardGraphqlRequest(body: unknown): GraphqlRequest {
  const parsed = graphqlRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new HttpProblem(
      400,
      `The GraphQL request is malformed: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`).join('; ')}.`,
    );
  }
  checkDocument(parsed.data.query, parsed.data.operationName);
  return parsed.data;
}
