import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps/web/scripts/bundle-size.mjs');

describe('bundle budget', () => {
  it('the landing route loads at most 170 KB of gzipped JavaScript first', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    console.log(run.stdout.trim());
    if (run.stderr) console.error(run.stderr.trim());
    expect(run.status).toBe(0);
  });
});
