/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bffProxy } from './server/http/paths.ts';

const bffUrl = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
              // MUI's foundations every screen uses, as one chunk: left alone, lazy screens sharing
              // them split them into a dozen small chunks, each gzipped on its own (~4 KB more).
              name: 'mui-core',
              test: /node_modules[\\/]@mui[\\/](system|styled-engine|utils|material[\\/](esm[\\/])?(styles|Box|Stack|Paper|Typography|ButtonBase|Button|Skeleton|GlobalStyles|utils|internal))[\\/]/,
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
          setupFiles: ['tests/src/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
