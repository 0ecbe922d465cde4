import { describe, expect, it } from 'vitest';
import { isVideoPost } from './channel-page';
import { checkPostFiles } from './post-form-page';
import { SHARE_TEXT_LENGTH, shareLinks } from './share-menu';

function file(name: string, type: string, size = 10): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('post form file checks', () => {
  it('accepts images and videos, refuses other types and files over 50 MB', () => {
    const { accepted, errors } = checkPostFiles(
      [
        file('a.png', 'image/png'),
        file('b.mp4', 'video/mp4'),
        file('c.txt', 'text/plain'),
        file('d.jpg', 'image/jpeg', 50 * 1024 * 1024 + 1),
      ],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.mp4']);
    expect(errors).toEqual(['지원하지 않는 파일 형식입니다: c.txt', '파일 크기는 50MB를 초과할 수 없습니다: d.jpg']);
  });

  it('stops at 10 files counting the ones already on the post', () => {
    const { accepted, errors } = checkPostFiles([file('a.png', 'image/png'), file('b.png', 'image/png')], 9);
    expect(accepted).toHaveLength(1);
    expect(errors).toEqual(['최대 10개의 파일만 업로드할 수 있습니다.']);
  });
});

describe('share links', () => {
  it('point at the post and cut the text at 100 characters', () => {
    const links = shareLinks('https://farm.example/content/7', '가'.repeat(150));
    expect(links.map((l) => l.key)).toEqual(['kakao', 'facebook', 'twitter', 'line']);
    const twitter = new URL(links.find((l) => l.key === 'twitter')?.href ?? '');
    expect(twitter.searchParams.get('url')).toBe('https://farm.example/content/7');
    expect(twitter.searchParams.get('text')).toBe(`${'가'.repeat(SHARE_TEXT_LENGTH)}...`);
  });
});

describe('channel tabs', () => {
  it('count a post with a video among the videos', () => {
    expect(isVideoPost({ has_video: false, media: [{ media_type: 'video' }] } as never)).toBe(true);
    expect(isVideoPost({ has_video: false, media: [{ media_type: 'image' }] } as never)).toBe(false);
  });
});
