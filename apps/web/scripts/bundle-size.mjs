#!/usr/bin/env node
// Measures the JavaScript the landing route (`/`, signed out) loads before it can render: the entry
// chunk, the app it starts (src/start.tsx), and the lazily loaded landing page, each with its
// static imports. Reads the
// Vite manifest of the last build, gzips each file, prints the figure and fails above the budget.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const LANDING = 'src/features/landing/landing-page.tsx';
const START = 'src/start.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle-size: ${manifestPath} not found; run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// Rollup merges shared code into the start chunk, so Vite may key it by file (`_start-1a2b.js`).
const startKey = manifest[START]
  ? START
  : Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === 'start');
if (!entryKey || !manifest[LANDING] || !startKey) {
  console.error('bundle-size: entry, start or landing chunk missing from the manifest.');
  process.exit(2);
}

/** A chunk and everything it imports statically (what the browser must fetch with it). */
function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) collect(dep, seen);
}

const keys = new Set();
collect(entryKey, keys);
collect(startKey, keys);
collect(LANDING, keys);

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [...keys].map((key) => {
  const file = manifest[key].file;
  const buf = readFileSync(join(dist, file));
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});
const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))].map((file) => {
  const buf = readFileSync(join(dist, file));
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
});

const total = rows.reduce((s, r) => s + r.gzip, 0);
const totalCss = css.reduce((s, r) => s + r.gzip, 0);
console.log('Initial JavaScript of the landing route (gzip):');
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(8)} KB raw  ${kb(r.gzip).padStart(7)} KB gzip`);
}
console.log(`  total: ${kb(total)} KB gzip (budget ${BUDGET_KB} KB); CSS besides: ${kb(totalCss)} KB gzip`);
const lazy = Object.values(manifest).filter((c) => c.isDynamicEntry).length;
console.log(`  lazily loaded route chunks: ${lazy}`);
if (total > BUDGET_KB * 1024) {
  console.error(`bundle-size: over budget by ${kb(total - BUDGET_KB * 1024)} KB`);
  process.exit(1);
}
