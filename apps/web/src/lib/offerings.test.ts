import type { FeatureKey } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { testTenant } from '@/testing/app-test-support';
import { offeringsSentence, serviceOfferings } from './offerings';

const keys = (off: FeatureKey[], settings = {}) => serviceOfferings(testTenant(settings, off)).map((o) => o.key);
const words = (off: FeatureKey[]) =>
  serviceOfferings(testTenant({}, off))
    .map((o) => `${o.title} ${o.text} ${o.phrase}`)
    .join(' ');

describe('serviceOfferings', () => {
  it('offers one card per visitor-facing feature that is on, in a fixed order', () => {
    expect(keys([])).toEqual(['content', 'delivery', 'shopping', 'wallet', 'reviews']);
  });

  it('never advertises a feature that is off', () => {
    expect(keys(['delivery', 'wallet'])).toEqual(['content', 'shopping', 'reviews']);
    expect(words(['delivery', 'wallet'])).not.toMatch(/픽업|배달|적립/);
    expect(words(['content'])).not.toMatch(/이야기|영상/);
    expect(words(['shopping'])).not.toMatch(/택배/);
    expect(keys(['reviews'])).not.toContain('reviews');
  });

  it('drops reviews and points where nothing can be bought', () => {
    expect(keys(['shopping', 'delivery'])).toEqual(['content']);
  });

  it("quotes the tenant's own free-shipping threshold and reward rate", () => {
    const [shopping] = serviceOfferings(
      testTenant({ legal_info: { free_shipping_threshold: 40000 } }, ['content']),
    ).filter((o) => o.key === 'shopping');
    expect(shopping?.text).toContain('40,000원 이상');
    const wallet = serviceOfferings(testTenant({ point_reward_rate: 2.5 })).find((o) => o.key === 'wallet');
    expect(wallet?.text).toContain('2.5%');
  });
});

describe('offeringsSentence', () => {
  it('lists the offerings with the object particle of the last one', () => {
    expect(offeringsSentence(serviceOfferings(testTenant({}, ['delivery', 'wallet'])))).toBe(
      '생산자 이야기, 택배 쇼핑, 구매 리뷰를 한곳에서 만나보세요.',
    );
    expect(offeringsSentence(serviceOfferings(testTenant({}, ['content', 'reviews', 'wallet', 'delivery'])))).toBe(
      '택배 쇼핑을 한곳에서 만나보세요.',
    );
    expect(offeringsSentence([])).toBe('');
  });
});
