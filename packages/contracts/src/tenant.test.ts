import { describe, expect, it } from 'vitest';
import { featureKeys, tenantSettingsSchema } from './index.js';

describe('tenant settings contract', () => {
  it('accepts the settings of spec part 1 section 3', () => {
    const settings = {
      contact_email: 'help@farm.kr',
      theme: { primary: '#FF9630', 'primary-light': '#FF963020' },
      legal_info: { shipping_fee: 3000, free_shipping_threshold: 50000 },
      service_info: { hero_subtitle: '<b>신선한</b> 먹거리' },
    };
    expect(tenantSettingsSchema.parse(settings)).toEqual(settings);
  });

  it('refuses fees that are not whole won', () => {
    const result = tenantSettingsSchema.safeParse({ legal_info: { shipping_fee: 3000.5 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['legal_info', 'shipping_fee']);
    expect(result.error?.issues[0]?.message).toBe('정수로 입력해주세요.');
  });

  it('refuses colours that are not hex and e-mails that are not e-mails', () => {
    expect(tenantSettingsSchema.safeParse({ theme: { primary: 'orange' } }).success).toBe(false);
    expect(tenantSettingsSchema.safeParse({ contact_email: 'not-an-email' }).success).toBe(false);
  });

  it('validates in Korean', () => {
    const result = tenantSettingsSchema.safeParse({ business_hours: 42 });
    expect(result.error?.issues[0]?.message).toMatch(/[가-힣]/);
  });

  it('knows the nine feature keys', () => {
    expect(featureKeys).toEqual([
      'content',
      'shopping',
      'delivery',
      'payment',
      'reviews',
      'social_login',
      'merchant',
      'analytics',
      'wallet',
    ]);
  });
});
