// @ts-check
/**
 * `npm start`: builds what is missing or stale (so a fresh clone's `npm install && npm start`
 * works), then runs the compiled server on plain node. A production image runs
 * `node dist/server/cli/start.js` directly and never needs this.
 */
import { build } from './build.mjs';

try {
  build({ ifStale: true });
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
await import('../../dist/server/cli/start.js');
