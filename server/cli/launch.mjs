// @ts-check
/**
 * `npm start`: builds what is missing or stale (so a fresh clone's `npm install && npm start`
 * works), then runs the compiled server on plain node, in this same process: the node flags in
 * package.json's `start` script (the image's, decision 0008) apply to it. A production image runs
 * `node --max-semi-space-size=4 dist/server/cli/start.js` directly and never needs this.
 */
import { build } from './build.mjs';

try {
  build({ ifStale: true });
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
await import('../../dist/server/cli/start.js');
