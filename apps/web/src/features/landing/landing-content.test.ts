import { describe, expect, it } from 'vitest';
import { testTenant } from '@/testing/app-test-support';
import { landingContent } from './landing-content';

const allText = (c: ReturnType<typeof landingContent>) =>
  [c.title, c.subtitle, c.description, c.ctaText, ...c.offerings.map((o) => `${o.title} ${o.text}`)].join(' ');

describe('landingContent', () => {
  it('promises neither pickup nor points, in any text, when delivery and wallet are off', () => {
    const content = landingContent(testTenant({}, ['delivery', 'wallet']), '바른마켓');
    expect(allText(content)).not.toMatch(/픽업|배달|적립/);
    expect(content.description).toBe('생산자 이야기, 택배 쇼핑, 구매 리뷰를 한곳에서 만나보세요.');
  });

  it('with every feature on, the default texts name what the tenant offers', () => {
    const content = landingContent(testTenant(), '우리동네 농장');
    expect(content.description).toContain('픽업·배달 주문');
    expect(content.description).toContain('적립금');
    expect(content.subtitle).toContain('직접 보고');
    expect(content.showStories).toBe(true);
  });

  it('keeps the tenant hero texts', () => {
    const content = landingContent(
      testTenant({ service_info: { hero_title: '제목', hero_subtitle: '부제', hero_description: '설명' } }),
      '몰',
    );
    expect([content.title, content.subtitle, content.description]).toEqual(['제목', '부제', '설명']);
  });

  it('without content there are no stories and no promise to watch producers at work', () => {
    const content = landingContent(testTenant({}, ['content']), '몰');
    expect(content.showStories).toBe(false);
    expect(allText(content)).not.toMatch(/과정을 직접|이야기|영상/);
  });

  it('offers producer sign-up only where merchants can register', () => {
    expect(landingContent(testTenant(), '몰').showProducer).toBe(true);
    const content = landingContent(testTenant({}, ['merchant']), '몰');
    expect(content.showProducer).toBe(false);
    expect(content.ctaText).not.toContain('생산자');
  });

  it('says the service is being prepared when nothing is on', () => {
    const content = landingContent(testTenant({}, ['content', 'shopping', 'delivery', 'wallet', 'reviews']), '몰');
    expect(content.offerings).toEqual([]);
    expect(content.description).toContain('준비');
  });
});
