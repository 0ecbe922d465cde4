import { describe, expect, it } from 'vitest';
import { checkImageFiles, moveItem } from './image-checks';

function file(name: string, type: string, size = 1000): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('checkImageFiles', () => {
  it('accepts JPG, PNG, GIF and WebP', () => {
    const files = [
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
      file('c.gif', 'image/gif'),
      file('d.webp', 'image/webp'),
    ];
    expect(checkImageFiles(files, 0)).toEqual({ accepted: files, errors: [] });
  });

  it('rejects HEIC/HEIF with its own message, by type or by name', () => {
    const result = checkImageFiles([file('IMG_1.HEIC', ''), file('x.heif', 'image/heif')], 0);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([
      'HEIC/HEIF 형식은 지원하지 않습니다. JPG, PNG, GIF, WebP 형식으로 변환 후 업로드해주세요.',
    ]);
  });

  it('rejects other files with the images-only message', () => {
    const result = checkImageFiles([file('notes.txt', 'text/plain'), file('clip.mp4', 'video/mp4')], 0);
    expect(result.errors).toEqual(['이미지 파일만 업로드할 수 있습니다. (JPG, PNG, GIF, WebP)']);
  });

  it('rejects files over 20 MB', () => {
    const big = file('big.jpg', 'image/jpeg', 20 * 1024 * 1024 + 1);
    const edge = file('edge.jpg', 'image/jpeg', 20 * 1024 * 1024);
    const result = checkImageFiles([big, edge], 0);
    expect(result.accepted).toEqual([edge]);
    expect(result.errors).toEqual(['이미지 파일 크기는 20MB를 초과할 수 없습니다.']);
  });

  it('keeps at most 10 images counting those already on the form', () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png'));
    const result = checkImageFiles(files, 8);
    expect(result.accepted).toEqual(files.slice(0, 2));
    expect(result.errors).toEqual(['이미지는 최대 10개까지 업로드할 수 있습니다.']);
  });
});

describe('moveItem', () => {
  it('moves an item and leaves the list alone for bad indexes', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
