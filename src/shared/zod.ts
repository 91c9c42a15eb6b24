import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * zod for everything in `src/`, the shared rules and contracts included (ESLint enforces it).
 *
 * zod's "mini" build: the same parsers as classic zod, composed by functions (`z.optional(x)`,
 * `.check(z.minLength(1))`) instead of methods, so a bundle carries only the parts its schemas
 * use. The first screen's schemas took 24.5 KB gzipped with classic zod's methods, every one of
 * which is kept once a schema is made. Mini loads no messages by itself: English is set here, so
 * "The platform sent data Storey does not understand" still says what and where.
 *
 * zod compiles object parsers with `new Function` when it may, and first probes for that by trying
 * it, which Storey's CSP (no 'unsafe-eval') reports as a violation on every page. The interpreted
 * parsers are fast enough for the dashboard's answers. zod reads the setting when a schema is
 * created, so it is made here, before any importer can create one; the server, which imports the
 * shared schemas too, parses them the same way.
 */
z.config({ ...en(), jitless: true });

export { z };
