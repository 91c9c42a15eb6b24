import { runStorey } from '../server';
import { buildIfStale } from './build-if-stale';

try {
  process.loadEnvFile?.('.env');
} catch {
  // No .env file: the environment alone configures Storey.
}
await buildIfStale();
await runStorey();
