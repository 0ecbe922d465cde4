import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Page surfaces follow the tenant's theme: the default theme's cream surfaces (global.css's `:root`
 * defaults, which lib/theme.ts replaces with tints of each tenant's primary colour) are never
 * written into a rule, or a blue tenant shows farm's cream (mall's merchant dashboard tab bar did).
 */
const CREAM = [
  /#fffaf3\b/i, // --bg
  /#f6f1ea\b/i, // --surface-muted
  /#ebe4d9\b/i, // --border
  /rgba?\(\s*255[\s,]+250[\s,]+243\b/, // --bg as rgb(), e.g. translucent
  /rgba?\(\s*246[\s,]+241[\s,]+234\b/,
];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('theme surfaces', () => {
  it("no stylesheet paints the default theme's cream instead of the tenant's surface variables", () => {
    const src = join(import.meta.dirname, '..');
    const offenders = cssFiles(src).flatMap((file) => {
      let text = readFileSync(file, 'utf8');
      // The defaults themselves, in global.css's first :root block.
      if (file.endsWith(join('styles', 'global.css'))) text = text.replace(/^[\s\S]*?:root\s*\{[\s\S]*?\}/, '');
      return text
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(src, file)}:${i + 1}` }))
        .filter(({ line }) => CREAM.some((re) => re.test(line)))
        .map(({ at, line }) => `${at} ${line.trim()}`);
    });
    expect(offenders).toEqual([]);
  });
});
