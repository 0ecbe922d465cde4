/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: isSsrBuild
    ? // `npm run build` makes the server-rendering module too (src/entry-server.tsx, in dist-ssr/),
      // which the API server imports; dependencies stay in node_modules.
      { outDir: 'dist-ssr', emptyOutDir: true }
    : {
        // scripts/bundle-size.mjs and the server's preload hints read the manifest.
        manifest: true,
        rollupOptions: {
          output: {
            // Rollup gives every icon shared by two routes a chunk of its own: a dozen 300-byte files
            // per screen, each a request on a phone's slow network. All icons the app uses, in one.
            manualChunks: (id) => (id.includes('/node_modules/lucide-react/') ? 'icons' : undefined),
          },
        },
      },
  server: {
    host: true,
    // Same origin as the spec requires: the dev server forwards the API, keeping the Host header
    // so the server still resolves the tenant (farm.localhost:5173 -> farm.localhost).
    // The sandbox gateway's checkout page is the server's too.
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/sandbox-pay': { target: api, changeOrigin: false },
    },
  },
  test: {
    environment: './vitest.environment.ts',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
}));
