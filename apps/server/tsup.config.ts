import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contracts workspace ships TypeScript sources: bundle it; every npm package stays external.
  noExternal: ['@app/contracts'],
});
