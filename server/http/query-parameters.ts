import { z } from 'zod';
import { HttpProblem } from './problem.ts';

/** `take` as the platform pages: 1 to 5,000. */
export const take = z
  .string()
  .regex(/^\d{1,4}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1).max(5000));
export const skip = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(0));

/**
 * A route's query parameters checked against its schema (a strict object: anything else is
 * refused), each given at most once; a refusal is a 400 problem naming every fault.
 */
export function parseQuery<T>(schema: z.ZodType<T>, query: unknown, what = 'Query parameter'): T {
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (Array.isArray(value))
      throw new HttpProblem(400, `Query parameter "${name}" may be given only once.`);
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  throw new HttpProblem(
    400,
    parsed.error.issues
      .map((issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown query parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
          : `${what} "${issue.path.join('.')}" ${issue.message}.`,
      )
      .join(' '),
  );
}

/** The checked parameters as a query string for the platform, rebuilt, never copied from the URL. */
export function canonicalQuery(schema: z.ZodType<Record<string, unknown>>, query: unknown): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parseQuery(schema, query)))
    if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
