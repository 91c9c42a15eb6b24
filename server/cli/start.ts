import { runStorey } from '../server.ts';

try {
  process.loadEnvFile?.('.env');
} catch {
  // No .env file: the environment alone configures Storey.
}
await runStorey();
