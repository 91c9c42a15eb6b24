import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
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
  visit,
  type ArgumentNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { z } from 'zod';
import { HttpProblem } from '../http/problem.ts';

export const graphqlLimits = {
  bodyBytes: 64 * 1024,
  depth: 10,
  aliases: 15,
  tokens: 5000,
  /** Field selections in one document (the dashboard's largest has about 20). */
  fields: 200,
  directives: 10,
  /** graphql-armor's cost: objects 2, scalars 1, times 1.5 per level of nesting. */
  cost: 5000,
  /** JSON nesting of `variables` (the dashboard's are flat) and its size when written out. */
  variablesDepth: 5,
  variablesBytes: 8 * 1024,
  /** The largest page a list may ask for (`take`); the platform's own maximum is 5,000. */
  take: 1000,
  /**
   * Objects a document may ask for at most, as estimated by `fanOut`: every list times what its
   * parent may hold. The dashboard's largest, a building's outline found by name, is about 400,000.
   */
  objects: 1_000_000,
} as const;

/**
 * How many objects a list under one parent is taken to hold when the document does not bound it
 * with `take` or a filter on one key: a tower's levels, a level's rooms (the largest the emulator
 * and the field notes show are 200 and 100).
 */
const unboundedListSize = 200;
/** A list filtered to one name (`where: { name: { eq } }`): names repeat, a little. */
const sameNameListSize = 10;

/** Schema introspection is the platform's business; `__typename` (used by urql's cache) is not. */
const introspectionFields = new Set(['__schema', '__type']);

/**
 * The root fields the dashboard queries: the drill-down (`buildings`) and search (`levels`,
 * `rooms`). Anything else the platform offers (organizations, sites, equipment, points, …) is
 * refused: Storey forwards what it needs, not what it could.
 */
export const allowedRootFields = new Set(['buildings', 'levels', 'rooms', '__typename']);

/** The operation's root field names, through inline fragments and fragment spreads. */
function rootFieldNames(document: DocumentNode, operation: OperationDefinitionNode): string[] {
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === 'FragmentDefinition'
        ? [[definition.name.value, definition] as const]
        : [],
    ),
  );
  const names: string[] = [];
  const seen = new Set<string>();
  const pending = [...operation.selectionSet.selections];
  while (pending.length > 0) {
    const selection = pending.pop()!;
    if (selection.kind === 'Field') names.push(selection.name.value);
    else if (selection.kind === 'InlineFragment')
      pending.push(...selection.selectionSet.selections);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      pending.push(...(fragments.get(selection.name.value)?.selectionSet.selections ?? []));
    }
  }
  return names;
}

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
  maxDirectivesRule({
    n: graphqlLimits.directives,
    exposeLimits: true,
    propagateOnRejection: true,
  }),
  costLimitRule({ maxCost: graphqlLimits.cost, exposeLimits: true, propagateOnRejection: true }),
];

/** Refuses introspection and counts field selections, in one walk over the document. */
function checkFields(document: DocumentNode): void {
  let fields = 0;
  visit(document, {
    Field(node) {
      if (introspectionFields.has(node.name.value))
        throw new HttpProblem(
          400,
          'Schema introspection (__schema, __type) is not allowed through Storey.',
        );
      fields += 1;
    },
  });
  if (fields > graphqlLimits.fields)
    throw new HttpProblem(
      400,
      `The GraphQL query selects ${fields} fields; at most ${graphqlLimits.fields} are allowed.`,
    );
}

/**
 * Variables are checked without recursion (a 20,000-deep array must be a 400, not a stack
 * overflow), for nesting and for size.
 */
export function checkVariables(variables: unknown): void {
  if (variables === undefined || variables === null) return;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: variables, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > graphqlLimits.variablesDepth)
      throw new HttpProblem(
        400,
        `The GraphQL variables are nested too deeply: at most ${graphqlLimits.variablesDepth} levels.`,
      );
    for (const child of Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
  if (JSON.stringify(variables).length > graphqlLimits.variablesBytes)
    throw new HttpProblem(
      400,
      `The GraphQL variables are too large: at most ${graphqlLimits.variablesBytes} bytes.`,
    );
}

/** A literal or a variable's value, as a number (undefined when it is neither). */
function numberOf(value: ValueNode, variables: Record<string, unknown>): number | undefined {
  if (value.kind === 'IntValue') return Number(value.value);
  if (value.kind === 'Variable') {
    const given = variables[value.name.value];
    return typeof given === 'number' ? given : undefined;
  }
  return undefined;
}

/** How many objects one list field may return under one parent, from its arguments. */
function listSize(args: readonly ArgumentNode[], variables: Record<string, unknown>): number {
  const take = args.find((argument) => argument.name.value === 'take');
  if (take) {
    const size = numberOf(take.value, variables);
    if (size === undefined || !Number.isInteger(size) || size < 0 || size > graphqlLimits.take)
      throw new HttpProblem(
        400,
        `The GraphQL query asks for a page of ${size ?? 'an unknown size'}; take must be a whole number up to ${graphqlLimits.take}.`,
      );
    return size;
  }
  const where = args.find((argument) => argument.name.value === 'where')?.value;
  if (where?.kind === 'ObjectValue') {
    for (const condition of where.fields) {
      if (condition.value.kind !== 'ObjectValue') continue;
      const eq = condition.value.fields.some((operator) => operator.name.value === 'eq');
      if (eq) return condition.name.value === 'id' ? 1 : sameNameListSize;
    }
  }
  return unboundedListSize;
}

/**
 * Refuses a document that could make the platform build more than `graphqlLimits.objects`
 * objects (security review M5: `{ buildings { levels { rooms { level { rooms … } } } } }` passed
 * graphql-armor's per-field cost at 188 and took the embedded platform 17 s and 760 MB). Storey
 * does not know the platform's schema, so every field with a selection is taken for a list, of
 * the size its `take` or filter says (`listSize`), and sizes multiply along each path.
 */
function checkFanOut(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): void {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
  let objects = 0;
  // Validation has refused fragment cycles and bounded the depth before this runs.
  const walk = (selectionSet: SelectionSetNode, parents: number): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === 'Field') {
        if (!selection.selectionSet) continue;
        const count = parents * listSize(selection.arguments ?? [], variables);
        objects += count;
        if (objects > graphqlLimits.objects)
          throw new HttpProblem(
            400,
            `The GraphQL query could ask the platform for more than ${graphqlLimits.objects.toLocaleString('en')} objects (lists nested in lists): bound each list with take or a filter on its id.`,
          );
        walk(selection.selectionSet, count);
      } else if (selection.kind === 'InlineFragment') walk(selection.selectionSet, parents);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet, parents);
      }
    }
  };
  walk(operation.selectionSet, 1);
}

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
type Verdict =
  | { refused: HttpProblem }
  | { refused: null; document: DocumentNode; operation: OperationDefinitionNode };
const verdicts = new Map<string, Verdict>();
const maxVerdicts = 500;

/** The document's verdict (its fan-out depends on the variables, so the caller checks that). */
export function checkDocument(
  query: string,
  operationName: string | null | undefined,
): Extract<Verdict, { refused: null }> {
  const key = `${operationName ?? ''}\u0000${query}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    try {
      verdict = { refused: null, ...checkDocumentUncached(query, operationName) };
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      verdict = { refused: error };
    }
    if (verdicts.size >= maxVerdicts) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(key, verdict);
  }
  if (verdict.refused) throw verdict.refused;
  return verdict;
}

function checkDocumentUncached(
  query: string,
  operationName: string | null | undefined,
): { document: DocumentNode; operation: OperationDefinitionNode } {
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
  const refused = rootFieldNames(document, operation).filter(
    (name) => !allowedRootFields.has(name) && !introspectionFields.has(name),
  );
  if (refused.length > 0) {
    throw new HttpProblem(
      400,
      `Storey does not forward ${[...new Set(refused)].join(', ')}: only ${[...allowedRootFields].filter((name) => !name.startsWith('__')).join(', ')} are queried through it.`,
    );
  }
  checkFields(document);
  let errors: readonly GraphQLError[];
  try {
    errors = validate(shapeOnlySchema, document, shapeRules);
  } catch (error) {
    // graphql-armor's rules throw to stop early. They may hold another copy of graphql-js (its CJS
    // build beside our ESM one), so the error is judged by shape, not by instanceof.
    errors = [
      new GraphQLError(
        error instanceof Error && error.message ? error.message : 'The document is not acceptable.',
      ),
    ];
  }
  if (errors.length > 0) {
    throw new HttpProblem(
      400,
      `The GraphQL query is refused: ${errors.map((error) => error.message).join(' ')}`,
    );
  }
  return { document, operation };
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
  const { document, operation } = checkDocument(parsed.data.query, parsed.data.operationName);
  checkVariables(parsed.data.variables);
  checkFanOut(document, operation, parsed.data.variables ?? {});
  return parsed.data;
}
