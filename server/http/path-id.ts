import { HttpProblem } from './problem.ts';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A platform id from the path, checked and encoded: `what` names it in the refusal. */
export function validId(raw: string, what: 'building' | 'floor' | 'space' | 'device'): string {
  if (raw.includes('/') || raw.includes('\\') || raw === '.' || raw === '..') {
    throw new HttpProblem(404, 'No such API path.');
  }
  if (!idPattern.test(raw)) {
    throw new HttpProblem(400, `The ${what} id must be 1-64 letters, digits, "-" or "_".`);
  }
  return encodeURIComponent(raw);
}
