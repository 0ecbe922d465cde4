import { describe, expect, it } from 'vitest';
import { withParticle } from './text.js';

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
    // The checkout's status labels and the admin's tenant names.
    expect(withParticle("'주문확인'", '으로')).toBe("'주문확인'으로");
    expect(withParticle("'배송중'", '으로')).toBe("'배송중'으로");
    expect(withParticle("'준비완료'", '으로')).toBe("'준비완료'로");
    expect(withParticle("'픽업완료'", '으로')).toBe("'픽업완료'로");
    expect(withParticle('바른마켓 (mall.localhost)', '으로')).toBe('바른마켓 (mall.localhost)으로');
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

  it('chooses 로 or 으로 after digits and Latin endings by their reading', () => {
    expect(withParticle('1', '으로')).toBe('1로'); // 일: ㄹ
    expect(withParticle('2', '으로')).toBe('2로'); // 이: no final
    expect(withParticle('6', '으로')).toBe('6으로'); // 육
    expect(withParticle('0', '으로')).toBe('0으로'); // 영
    expect(withParticle('100', '으로')).toBe('100으로'); // 백
    expect(withParticle('farm.localhost', '으로')).toBe('farm.localhost로'); // 팜 닷 로컬호스트
    expect(withParticle('shop.com', '으로')).toBe('shop.com으로'); // 닷컴
    expect(withParticle('farm', '으로')).toBe('farm으로'); // 팜
    expect(withParticle('Market', '으로')).toBe('Market으로'); // 마켓
    expect(withParticle('store', '으로')).toBe('store로'); // 스토어
    expect(withParticle('SM', '으로')).toBe('SM으로'); // 에스엠
    expect(withParticle('KT', '으로')).toBe('KT로'); // 케이티
  });

  it('gives both forms when the end cannot be judged', () => {
    expect(withParticle('🍅', '을')).toBe('🍅을(를)');
    expect(withParticle('', '이')).toBe('이(가)');
    expect(withParticle('🍅', '으로')).toBe('🍅(으)로');
    expect(withParticle('★', '로')).toBe('★(으)로');
  });
});
