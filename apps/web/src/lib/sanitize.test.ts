import { describe, expect, it } from 'vitest';
import { sanitizeInlineHtml } from './sanitize';

describe('sanitizeInlineHtml', () => {
  it('keeps inline formatting', () => {
    expect(sanitizeInlineHtml('생산 과정을 <strong>직접 보고</strong> 고르는')).toBe(
      '생산 과정을 <strong>직접 보고</strong> 고르는',
    );
    expect(sanitizeInlineHtml('<em>생활용품</em><br>먹거리')).toBe('<em>생활용품</em><br>먹거리');
  });

  it('removes scripts, handlers, links, images and styles', () => {
    expect(sanitizeInlineHtml('<img src=x onerror="alert(1)">안녕')).toBe('안녕');
    expect(sanitizeInlineHtml('<script>alert(1)</script>안녕')).toBe('안녕');
    expect(sanitizeInlineHtml('<a href="javascript:alert(1)">링크</a>')).toBe('링크');
    expect(sanitizeInlineHtml('<strong style="color:red" onclick="x()">굵게</strong>')).toBe('<strong>굵게</strong>');
  });
});
