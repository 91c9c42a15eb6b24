import { visit, type ValueNode } from 'graphql';
import { HttpProblem } from '../http/problem.ts';
import { checkDocument, type GraphqlRequest } from './graphql-guard.ts';

/**
 * What a person who sees part of the portfolio may ask the platform's GraphQL: lookups of one
 * building by id or name, which the proxy then checks against their scope (graphql-proxy.ts).
 */
/** One root `buildings` field of a scoped person's query: which building it looks up, and how. */
export interface BuildingLookup {
  /** Where its answer is in `data` (its alias, or `buildings`). */
  responseKey: string;
  by: 'id' | 'name';
  value: string;
  /** It selects the buildings' `id` under that key (an answer by name is filtered by it). */
  selectsId: boolean;
}

const scopedRefusal = (detail: string) =>
  new HttpProblem(
    400,
    `${detail} For people who see part of the portfolio, Storey forwards only lookups of one building, by its id or its name; search is answered by the portfolio index.`,
  );

/** A string literal, or a variable holding one; anything else refuses the lookup. */
function stringOf(value: ValueNode, variables: Record<string, unknown>): string {
  const given =
    value.kind === 'StringValue'
      ? value.value
      : value.kind === 'Variable'
        ? variables[value.name.value]
        : undefined;
  if (typeof given !== 'string' || given.length === 0 || given.length > 300)
    throw scopedRefusal('A building must be looked up by a text of 1–300 characters.');
  return given;
}

/**
 * The building lookups of a query already let through by `guardGraphqlRequest`, for a person who
 * sees part of the portfolio: every root field must be `buildings` filtered by one id or one name
 * (`where: { id: { eq } }`, `where: { name: { eq } }`), through aliases and fragments alike.
 */
export function buildingLookups(request: GraphqlRequest): BuildingLookup[] {
  const { document, operation } = checkDocument(request.query, request.operationName);
  const variables = request.variables ?? {};
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === 'FragmentDefinition'
        ? [[definition.name.value, definition] as const]
        : [],
    ),
  );
  // An answer by name is filtered by each building's `id`: no other field may answer as `id`.
  visit(document, {
    Field(node) {
      if (node.alias?.value === 'id') throw scopedRefusal('No field may be renamed to "id".');
    },
  });
  const lookups: BuildingLookup[] = [];
  const seen = new Set<string>();
  const pending = [...operation.selectionSet.selections];
  while (pending.length > 0) {
    const selection = pending.pop()!;
    if (selection.kind === 'InlineFragment') {
      pending.push(...selection.selectionSet.selections);
      continue;
    }
    if (selection.kind === 'FragmentSpread') {
      if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        pending.push(...(fragments.get(selection.name.value)?.selectionSet.selections ?? []));
      }
      continue;
    }
    if (selection.name.value === '__typename') continue;
    if (selection.name.value !== 'buildings')
      throw scopedRefusal(`Storey does not forward ${selection.name.value} here.`);
    const args = selection.arguments ?? [];
    const where = args.find((argument) => argument.name.value === 'where')?.value;
    if (args.length !== 1 || where?.kind !== 'ObjectValue' || where.fields.length !== 1)
      throw scopedRefusal(
        'Each buildings field must be filtered by one id or one name, and only so.',
      );
    const [condition] = where.fields;
    const field = condition!.name.value;
    const operator = condition!.value;
    if (
      (field !== 'id' && field !== 'name') ||
      operator.kind !== 'ObjectValue' ||
      operator.fields.length !== 1 ||
      operator.fields[0]!.name.value !== 'eq'
    )
      throw scopedRefusal(
        'Each buildings field must be filtered by one id or one name, and only so.',
      );
    lookups.push({
      responseKey: selection.alias?.value ?? selection.name.value,
      by: field,
      value: stringOf(operator.fields[0]!.value, variables),
      selectsId: (selection.selectionSet?.selections ?? []).some(
        (child) => child.kind === 'Field' && child.name.value === 'id' && !child.alias,
      ),
    });
  }
  return lookups;
}
