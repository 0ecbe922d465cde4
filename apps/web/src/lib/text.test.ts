import { describe, expect, it } from 'vitest';
import { excerpt, withParticle } from './text';

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

describe('withParticle', () => {
  it('chooses by the final consonant of Hangul, either form asked', () => {
    expect(withParticle('바른마켓', '을')).toBe('바른마켓을');
    expect(withParticle('바른마켓', '를')).toBe('바른마켓을');
    expect(withParticle('우리동네 농장', '를')).toBe('우리동네 농장을');
    expect(withParticle('햇살농원', '이')).toBe('햇살농원이');
    expect(withParticle('사과', '이')).toBe('사과가');
    expect(withParticle('사과', '은')).toBe('사과는');
    expect(withParticle('감자', '과')).toBe('감자와');
    expect(withParticle('당근', '와')).toBe('당근과');
  });

  it('takes 로 after a vowel or ㄹ and 으로 after any other final', () => {
    expect(withParticle('이메일', '으로')).toBe('이메일로');
    expect(withParticle('서울', '으로')).toBe('서울로');
    expect(withParticle('사업자번호', '으로')).toBe('사업자번호로');
    expect(withParticle('상호명', '로')).toBe('상호명으로');
  });

  it('judges an aside in parentheses by the word before it, and quotes by what they hold', () => {
    expect(withParticle('바른마켓(mall.localhost)', '을')).toBe('바른마켓(mall.localhost)을');
    expect(withParticle('우리 농장 (farm.localhost)', '을')).toBe('우리 농장 (farm.localhost)을');
    expect(withParticle('"토마토.jpg"', '을')).toBe('"토마토.jpg"를');
    expect(withParticle('「햇감자」', '이')).toBe('「햇감자」가');
  });

  it('reads digits and Latin letters the Korean way', () => {
    expect(withParticle('상품 1', '을')).toBe('상품 1을'); // 일
    expect(withParticle('상품 2', '을')).toBe('상품 2를'); // 이
    expect(withParticle('7', '으로')).toBe('7로'); // 칠
    expect(withParticle('3', '으로')).toBe('3으로'); // 삼
    expect(withParticle('10', '를')).toBe('10을'); // 십
    expect(withParticle('KT', '이')).toBe('KT가'); // 케이티
    expect(withParticle('LG', '은')).toBe('LG는'); // 엘지
    expect(withParticle('SM', '은')).toBe('SM은'); // 에스엠
    expect(withParticle('URL', '로')).toBe('URL로'); // 유알엘
    expect(withParticle('photo.png', '을')).toBe('photo.png를'); // 피엔지
    expect(withParticle('Market', '을')).toBe('Market을'); // 마켓
    expect(withParticle('mall', '으로')).toBe('mall로'); // 몰
    expect(withParticle('store', '이')).toBe('store가'); // 스토어
    expect(withParticle('farm', '은')).toBe('farm은'); // 팜
  });

  it('gives both forms when the end cannot be judged', () => {
    expect(withParticle('🍅', '을')).toBe('🍅을(를)');
    expect(withParticle('', '이')).toBe('이(가)');
  });
});
