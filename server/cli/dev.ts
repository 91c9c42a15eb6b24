import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { startStorey } from '../server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
try {
  process.loadEnvFile?.('.env');
} catch {
  // No .env file.
}
// The BFF on its own port; Vite serves the SPA with hot reload and proxies the API to it.
const bff = await startStorey({ ...process.env, PORT: process.env.BFF_PORT ?? '8081' });
const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  server: {
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': bff.url, '/graphql': bff.url },
  },
});
await vite.listen();
vite.printUrls();
const stop = () => void Promise.all([vite.close(), bff.close()]).then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
