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

/** One pattern's segments matched against a path's: ":name" takes any one non-empty segment. */
function matches(pattern: string, pathName: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathName.split('/').filter(Boolean);
  return (
    want.length === have.length &&
    want.every((segment, index) => segment.startsWith(':') || segment === have[index])
  );
}

/**
 * The `<link rel="modulepreload">` tags for a page path, read once from the build. A build
 * without the file (an older one, a test's own) announces nothing: the page works as before.
 */
export function routePreloadLinks(staticDir: string): (pathName: string) => string {
  const file = path.join(staticDir, routePreloadsFile);
  if (!existsSync(file)) return () => '';
  const { routes } = routePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const links = new Map(
    routes.map((route) => [
      route.pattern,
      route.files
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
        .join(''),
    ]),
  );
  return (pathName) => {
    const route = routes.find((candidate) => matches(candidate.pattern, pathName));
    return route ? links.get(route.pattern)! : '';
  };
}
