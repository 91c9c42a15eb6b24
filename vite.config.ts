/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bffProxy } from './server/http/paths.ts';
import { routePreloadsFile, type RoutePreloads } from './server/http/route-preloads.ts';
import { routePatterns } from './src/config/paths.ts';

const bffUrl = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

/**
 * Writes, beside Vite's manifest, each page's own chunks (its route module and what that imports,
 * less what the entry brings) by URL pattern, for the BFF to announce in the page it serves
 * (server/http/route-preloads.ts): a first visit then fetches them with the entry, not after it.
 * Route modules are named after their pattern's key in `routePatterns`, in kebab case
 * (`myAccess` → my-access.tsx; the index is the portfolio), which src/app/router.tsx follows.
 */
function routePreloads(): Plugin {
  const patterns: Record<string, string> = {
    portfolio: '/',
    ...Object.fromEntries(
      Object.entries(routePatterns).map(([name, pattern]) => [name, `/${pattern}`]),
    ),
  };
  return {
    name: 'storey-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [output] : [],
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (file: string, into = new Set<string>()): Set<string> => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const shared = entry ? withImports(entry.fileName) : new Set<string>();
      const routes: RoutePreloads['routes'] = [];
      for (const chunk of chunks) {
        const name = /src\/app\/routes\/([\w-]+)\.tsx$/
          .exec(chunk.facadeModuleId ?? '')?.[1]
          ?.replace(/-(\w)/g, (_dash, letter: string) => letter.toUpperCase());
        const pattern = name === undefined ? undefined : patterns[name];
        if (pattern === undefined) continue;
        const files = [...withImports(chunk.fileName)].filter((file) => !shared.has(file));
        routes.push({ pattern, files });
      }
      this.emitFile({
        type: 'asset',
        fileName: routePreloadsFile,
        source: `${JSON.stringify({ routes } satisfies RoutePreloads, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), routePreloads()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: bffProxy(bffUrl),
  },
  // Scan every source file for dependencies at dev start: lazy screens found later would make
  // Vite re-bundle and reload the page in the middle of someone's (or a test's) session.
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx'] },
  // Every <script>/<link> and a <meta property="csp-nonce"> carry this placeholder; the BFF puts
  // each response's nonce in its place (server/routes/spa.ts) and emotion reads it from the meta.
  html: { cspNonce: '__STOREY_CSP_NONCE__' },
  build: {
    // dist/server holds the compiled BFF (server/tsconfig.json); the dashboard goes beside it.
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The manifest maps the first screen's chunks for the bundle budget test.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React and React DOM as a chunk of their own: they change with an upgrade, not with
              // a release of Storey, so a returning browser keeps them cached across releases, and
              // the entry holds only the dashboard's shell (issue #27's entry budget).
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              // MUI's foundations every screen uses, as one chunk: left alone, lazy screens sharing
              // them split them into a dozen small chunks, each gzipped on its own (~4 KB more).
              // A module matching here joins the first load even when only a lazy screen uses
              // it: the roving tab index (menus, toggle groups) is left to the screens.
              name: 'mui-core',
              test: /node_modules[\\/]@mui[\\/](system|styled-engine|utils[\\/](?!useRovingTabIndex)|material[\\/](esm[\\/])?(styles|Box|Stack|Paper|Typography|ButtonBase|Button|Skeleton|GlobalStyles|utils|internal))[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Every file's BFFs are scanned for leaked secrets and tokens after its tests.
          setupFiles: ['tests/server/support/leak-scan.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'src',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          // The clock first: fixtures worked out when the scenarios load read it.
          setupFiles: ['tests/src/clock.ts', 'tests/src/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
