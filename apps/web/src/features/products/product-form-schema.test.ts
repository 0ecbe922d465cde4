import { describe, expect, it } from 'vitest';
import { emptyFormValues, liveDiscount, productFormSchema, toProductInput } from './product-form-schema';

describe('productFormSchema', () => {
  it('needs a title, a price above 0 and the category of the kind', () => {
    const result = productFormSchema.safeParse({ ...emptyFormValues('pickup'), price: '0' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain('상품명을 입력해주세요.');
    expect(messages).toContain('가격은 0보다 커야 합니다.');
    expect(messages).toContain('배달 카테고리를 선택해주세요.');
  });

  it('accepts a complete delivery product and builds the save body', () => {
    const values = {
      ...emptyFormValues('pickup'),
      title: ' 한우 불고기 ',
      delivery_category: 'meat',
      price: '15000',
      original_price: '20000',
    };
    expect(productFormSchema.safeParse(values).success).toBe(true);
    expect(toProductInput(values)).toMatchObject({
      category_type: 'pickup',
      title: '한우 불고기',
      price: 15000,
      original_price: 20000,
      category: null,
      delivery_category: 'meat',
      display_remaining: -1,
    });
  });
});

describe('liveDiscount', () => {
  it('follows the spec formula and stays 0 without an original price', () => {
    expect(liveDiscount('15000', '20000')).toBe(25);
    expect(liveDiscount('15000', '')).toBe(0);
    expect(liveDiscount('25000', '20000')).toBe(0);
  });
});
