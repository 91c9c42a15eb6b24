import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's (or image's) root, found from this file whether it runs as TypeScript
 * (server/) or compiled (dist/server/): the nearest folder upwards holding package.json.
 */
function findProjectRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('Storey cannot find its package.json above the server.');
    folder = parent;
  }
  return folder;
}

export const projectRoot = findProjectRoot();

/** Where the dashboard is built to (vite.config.ts) and served from by default. */
export const clientBuildDirectory = path.join(projectRoot, 'dist', 'client');
