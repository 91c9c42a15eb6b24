import { z } from 'zod';

/**
 * zod for the dashboard: every schema in src/ is built from this import (ESLint enforces it).
 *
 * zod compiles object parsers with `new Function` when it may, and first probes for that by trying
 * it, which Storey's CSP (no 'unsafe-eval') reports as a violation on every page. The interpreted
 * parsers are fast enough for the dashboard's answers. zod reads the setting when a schema is
 * created, so it is made here, before any importer can create one.
 */
z.config({ jitless: true });

export { z };
