import { describe, expect, it } from 'vitest';
import { excerpt } from './text';

describe('excerpt', () => {
  it('leaves text within the limit alone', () => {
    expect(excerpt('짧은 글', 100)).toBe('짧은 글');
    expect(excerpt('가'.repeat(100), 100)).toBe('가'.repeat(100));
  });

  it('cuts at the limit and adds the ellipsis', () => {
    expect(excerpt('가'.repeat(101), 100)).toBe(`${'가'.repeat(100)}...`);
    expect(excerpt('abcdef', 3, '…')).toBe('abc…');
  });

  it('never splits an emoji and collapses whitespace', () => {
    expect(excerpt('🍅🍅🍅🍅', 2)).toBe('🍅🍅...');
    expect(excerpt('첫 줄\n\n  둘째 줄', 100)).toBe('첫 줄 둘째 줄');
  });

  it('gives an empty string for missing text', () => {
    expect(excerpt(null)).toBe('');
    expect(excerpt(undefined)).toBe('');
  });
});
