import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { bffProxy } from '../http/paths.ts';
import { printWelcome, startStorey } from '../server.ts';
import { exitWithOwner } from './exit-with-owner.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  process.loadEnvFile?.('.env');
} catch {
  // No .env file.
}
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 5173);
const viteUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
// The BFF on its own port; Vite serves the SPA with hot reload and proxies the BFF's paths to it.
// Browsers reach everything through Vite, so that is the public address sign-in returns to.
const bff = await startStorey({
  ...process.env,
  PORT: process.env.BFF_PORT ?? '8081',
  PUBLIC_URL: process.env.PUBLIC_URL ?? viteUrl,
});
const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  server: { host, port, strictPort: true, proxy: bffProxy(bff.url) },
});
await vite.listen();
printWelcome(bff, viteUrl);
const stop = () => void Promise.all([vite.close(), bff.close()]).then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
exitWithOwner(stop);
