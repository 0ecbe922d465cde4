import { reviewMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkReviewPhotos } from './review-photos';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('checkReviewPhotos', () => {
  it('accepts JPG, PNG, GIF and WebP, also by name when the browser gives no type', () => {
    const files = [
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
      file('c.gif', 'image/gif'),
      file('d.WEBP', ''),
    ];
    expect(checkReviewPhotos(files, 0)).toEqual({ accepted: files, errors: [] });
  });

  it('turns away HEIC with its own message, and other types as images only', () => {
    const result = checkReviewPhotos(
      [file('IMG_0001.HEIC', ''), file('clip.mp4', 'video/mp4'), file('logo.svg', 'image/svg+xml')],
      0,
    );
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([reviewMessages.imageHeic, '이미지 파일만 업로드할 수 있습니다.']);
  });

  it('allows exactly 5 MB and counts the photos already on the form toward five', () => {
    const result = checkReviewPhotos(
      [file('ok.jpg', 'image/jpeg', 5 * 1024 * 1024), file('two.jpg', 'image/jpeg'), file('three.jpg', 'image/jpeg')],
      3,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.jpg', 'two.jpg']);
    expect(result.errors).toEqual(['최대 5개의 이미지만 업로드할 수 있습니다.']);
  });
});
