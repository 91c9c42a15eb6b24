/**
 * The production image's Dockerfile, read as data: the production-build test carries out its
 * runtime steps without Docker, and the benchmarks start the BFF with its CMD, so both measure
 * what the image runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const dockerfilePath = path.resolve(import.meta.dirname, '../../server/deploy/Dockerfile');

export interface Stage {
  name: string;
  instructions: Array<{ keyword: string; value: string }>;
}

/** The Dockerfile as stages of instructions (continuation lines joined, comments dropped). */
export function readDockerfile(): Stage[] {
  const text = readFileSync(dockerfilePath, 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n\s*/g, '');
  const stages: Stage[] = [];
  for (const line of text
    .split('\n')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const value = rest.join(' ');
    if (keyword === 'FROM')
      stages.push({ name: /\bAS\s+(\S+)/i.exec(value)?.[1] ?? '', instructions: [] });
    else stages.at(-1)?.instructions.push({ keyword, value });
  }
  return stages;
}

/** The values of one stage's instructions of a kind, in order. */
export function instructionValues(stages: Stage[], stageName: string, keyword: string): string[] {
  const stage = stages.find((candidate) => candidate.name === stageName);
  if (!stage) throw new Error(`The Dockerfile has no stage named ${stageName}.`);
  return stage.instructions
    .filter((instruction) => instruction.keyword === keyword)
    .map((instruction) => instruction.value);
}

/** An exec-form instruction's argument list (`CMD ["node", "…"]`). */
export function execForm(value: string): string[] {
  return JSON.parse(value.replace(/^.*?(\[.*\])$/, '$1')) as string[];
}

/** The image's command: `node`, its flags, and the compiled server's entry. */
export function imageCommand(): string[] {
  const [command] = instructionValues(readDockerfile(), 'runtime', 'CMD');
  if (!command) throw new Error('The Dockerfile has no CMD in its runtime stage.');
  return execForm(command);
}
