import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The build's list of each page's own chunks (written by vite.config.ts's `routePreloads`
 * plugin beside Vite's manifest): for a path like `/buildings/:buildingId`, the route module's
 * chunk and what it imports, less what the entry already brings. The BFF announces them in the
 * page it serves for that path, so the browser fetches them with the entry instead of after it.
 */
export const routePreloadsFile = '.vite/route-preloads.json';

const routePreloadsSchema = z.object({
  routes: z.array(
    z.object({
      /** "/", "/sites", "/buildings/:buildingId/levels/:level" (React Router's syntax). */
      pattern: z.string().startsWith('/'),
      /** Relative to the client's root: "assets/building-Ab12.js". */
      files: z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)),
    }),
  ),
});
export type RoutePreloads = z.infer<typeof routePreloadsSchema>;

/**
 * Each page pattern of the build with its `<link rel="modulepreload">` tags, read once. A build
 * without the file (an older one, a test's own) has none: every page works as before, without
 * its chunks announced.
 */
export function routePreloadLinks(staticDir: string): Array<{ pattern: string; links: string }> {
  const file = path.join(staticDir, routePreloadsFile);
  if (!existsSync(file)) return [];
  const { routes } = routePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return routes.map((route) => ({
    pattern: route.pattern,
    links: route.files
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
      .join(''),
  }));
}
