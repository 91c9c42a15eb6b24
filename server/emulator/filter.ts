/**
 * HotChocolate-style `where` evaluation: a filter object whose keys are fields (with operation
 * objects) or the combinators `and` / `or`. One evaluator serves every type.
 */
type Scalar = string | number | boolean | null | undefined;
export type FilterInput = Record<string, unknown>;

const lower = (text: string): string => text.toLowerCase();

function matchesOperations(value: Scalar, operations: Record<string, unknown>): boolean {
  return Object.entries(operations).every(([operation, operand]) => {
    if (operand === undefined) return true;
    switch (operation) {
      case 'and':
        return (operand as Record<string, unknown>[]).every((inner) =>
          matchesOperations(value, inner),
        );
      case 'or':
        return (operand as Record<string, unknown>[]).some((inner) =>
          matchesOperations(value, inner),
        );
      case 'eq':
        return value === operand;
      case 'neq':
        return value !== operand;
      case 'in':
        return (operand as Scalar[]).includes(value);
      case 'nin':
        return !(operand as Scalar[]).includes(value);
      // Text searches ignore case, as the real service's database collation answers them.
      case 'contains':
        return typeof value === 'string' && lower(value).includes(lower(String(operand)));
      case 'ncontains':
        return !(typeof value === 'string' && lower(value).includes(lower(String(operand))));
      case 'startsWith':
        return typeof value === 'string' && lower(value).startsWith(lower(String(operand)));
      case 'nstartsWith':
        return !(typeof value === 'string' && lower(value).startsWith(lower(String(operand))));
      case 'endsWith':
        return typeof value === 'string' && lower(value).endsWith(lower(String(operand)));
      case 'nendsWith':
        return !(typeof value === 'string' && lower(value).endsWith(lower(String(operand))));
      case 'gt':
        return typeof value === 'number' && value > Number(operand);
      case 'gte':
        return typeof value === 'number' && value >= Number(operand);
      case 'lt':
        return typeof value === 'number' && value < Number(operand);
      case 'lte':
        return typeof value === 'number' && value <= Number(operand);
      default:
        throw new Error(`Unknown filter operation "${operation}"`);
    }
  });
}

export function matchesFilter(
  record: Record<string, unknown>,
  filter: FilterInput | null | undefined,
): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([key, condition]) => {
    if (condition === undefined || condition === null) return true;
    if (key === 'and')
      return (condition as FilterInput[]).every((inner) => matchesFilter(record, inner));
    if (key === 'or')
      return (condition as FilterInput[]).some((inner) => matchesFilter(record, inner));
    return matchesOperations(record[key] as Scalar, condition as Record<string, unknown>);
  });
}

export interface PageArguments {
  where?: FilterInput | null;
  take?: number | null;
  skip?: number | null;
}

export function filterAndPage<T extends object>(items: readonly T[], args: PageArguments): T[] {
  if ((args.take ?? 0) < 0 || (args.skip ?? 0) < 0) {
    throw new Error('take and skip must not be negative.');
  }
  const filtered = args.where
    ? items.filter((item) => matchesFilter(item as Record<string, unknown>, args.where))
    : items;
  const skip = args.skip ?? 0;
  return filtered.slice(
    skip,
    args.take === null || args.take === undefined ? undefined : skip + args.take,
  );
}
