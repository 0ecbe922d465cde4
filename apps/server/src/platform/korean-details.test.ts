import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('error details', () => {
  it('are written in Korean wherever the server throws an AppError or sends a detail with a literal text', () => {
    const english: string[] = [];
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, 'utf8');
      for (const call of source.matchAll(/(?:AppError(?:\.\w+)?\(|detail:)\s*(['"`])((?:\\.|(?!\1).)*)\1/gs)) {
        const text = call[2] ?? '';
        if (/[A-Za-z]{3,}/.test(text) && !/[가-힣]/.test(text)) english.push(`${relative(root, file)}: ${text}`);
      }
    }
    expect(english).toEqual([]);
  });
});
