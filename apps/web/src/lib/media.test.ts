import { describe, expect, it } from 'vitest';
import { mediaUrl } from './media';

describe('mediaUrl', () => {
  it('prefixes paths that do not start with http with the API base', () => {
    expect(mediaUrl('/uploads/a.webp', 'https://api.example.kr')).toBe('https://api.example.kr/uploads/a.webp');
    expect(mediaUrl('uploads/a.webp', 'https://api.example.kr/')).toBe('https://api.example.kr/uploads/a.webp');
    expect(mediaUrl('/uploads/a.webp', '')).toBe('/uploads/a.webp');
  });

  it('keeps absolute and browser-local URLs', () => {
    expect(mediaUrl('https://cdn.example.kr/a.jpg', 'https://api')).toBe('https://cdn.example.kr/a.jpg');
    expect(mediaUrl('http://cdn.example.kr/a.jpg', 'https://api')).toBe('http://cdn.example.kr/a.jpg');
    expect(mediaUrl('blob:http://x/1', 'https://api')).toBe('blob:http://x/1');
  });

  it('gives undefined for no path', () => {
    expect(mediaUrl(null)).toBeUndefined();
    expect(mediaUrl('')).toBeUndefined();
  });
});
