import { PRODUCT_OPTIONS_MAX, productInputSchema, productMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { testProduct } from '@/testing/app-test-support';
import {
  emptyFormValues,
  emptyOptionRow,
  formValuesOf,
  liveDiscount,
  type OptionRow,
  type ProductFormValues,
  productFormSchema,
  toProductInput,
} from './product-form-schema';

const messagesOf = (values: ProductFormValues) => {
  const result = productFormSchema.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
};
const complete = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyFormValues('shopping'),
  title: '부사 사과',
  category: 'food',
  price: '12000',
  ...over,
});
const row = (over: Partial<OptionRow>): OptionRow => ({ ...emptyOptionRow(), ...over });

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
      stock: null,
      display_remaining: -1,
      options: [],
    });
  });
});

describe('the stock count', () => {
  it('is unlimited when empty and a count otherwise, display_remaining agreeing', () => {
    expect(toProductInput(complete({ stock: '' }))).toMatchObject({ stock: null, display_remaining: -1 });
    expect(toProductInput(complete({ stock: ' 0 ' }))).toMatchObject({ stock: 0, display_remaining: 0 });
    expect(toProductInput(complete({ stock: '120' }))).toMatchObject({ stock: 120, display_remaining: 120 });
  });

  it('refuses what is not a whole number from 0 to the maximum, in the contract words', () => {
    for (const stock of ['-1', '1.5', '많이', '1000001']) {
      expect(messagesOf(complete({ stock }))).toEqual({ stock: productMessages.stockInvalid });
    }
    expect(messagesOf(complete({ stock: '1000000' }))).toEqual({});
  });

  it('shows the saved count, and nothing for unlimited', () => {
    expect(formValuesOf(testProduct({ stock: 7, display_remaining: 7 })).stock).toBe('7');
    expect(formValuesOf(testProduct({ stock: null })).stock).toBe('');
    expect(formValuesOf(testProduct()).use_options).toBe(false);
  });
});

describe('options', () => {
  const withOptions = (options: OptionRow[], over: Partial<ProductFormValues> = {}) =>
    complete({ use_options: true, options, price: '', stock: '', ...over });

  it('checks each row like the contract: a name, a price above 0, no duplicate names', () => {
    expect(
      messagesOf(
        withOptions([
          row({ name: ' ', price: '12000' }),
          row({ name: '5kg', price: '0' }),
          row({ name: '10kg', price: '', original_price: '-1', stock: '-3' }),
          row({ name: ' 5kg ', price: '19000' }),
        ]),
      ),
    ).toEqual({
      'options.0.name': '옵션 이름을 입력해주세요.',
      'options.1.price': '가격은 0보다 커야 합니다.',
      'options.2.price': productMessages.priceRequired,
      'options.2.original_price': productMessages.originalPriceMin,
      'options.2.stock': productMessages.stockInvalid,
      'options.3.name': '같은 이름의 옵션이 있습니다.',
    });
  });

  it(`needs at least one option and at most ${PRODUCT_OPTIONS_MAX}`, () => {
    expect(messagesOf(withOptions([]))).toEqual({ options: '옵션을 1개 이상 추가해주세요.' });
    const many = Array.from({ length: PRODUCT_OPTIONS_MAX + 1 }, (_, i) => row({ name: `${i + 1}호`, price: '1000' }));
    expect(messagesOf(withOptions(many))).toEqual({ options: productMessages.optionsMax });
    expect(messagesOf(withOptions(many.slice(0, PRODUCT_OPTIONS_MAX)))).toEqual({});
  });

  it('leaves the product price and stock alone with options, and the options alone without', () => {
    expect(messagesOf(withOptions([row({ name: '3kg', price: '12000' })], { price: 'abc', stock: '-1' }))).toEqual({});
    expect(messagesOf(complete({ use_options: false, options: [row({ name: '' })] }))).toEqual({});
  });

  it('sends the options in their order, saved ones with their id, and no product price', () => {
    const body = toProductInput(
      withOptions([
        row({ saved_id: 8, name: ' 5kg ', price: '19000', original_price: '22000', stock: '4' }),
        row({ name: '3kg', price: '12000', stock: '', is_available: false }),
      ]),
    );
    expect(body.options).toEqual([
      { id: 8, name: '5kg', price: 19_000, original_price: 22_000, stock: 4, is_available: true },
      { name: '3kg', price: 12_000, original_price: null, stock: null, is_available: false },
    ]);
    expect(body).not.toHaveProperty('price');
    expect(body).not.toHaveProperty('stock');
    // One option unlimited: the product is too.
    expect(body.display_remaining).toBe(-1);
    expect(productInputSchema.safeParse(body).success).toBe(true);
  });

  it('counts the options together for display_remaining when all are counted', () => {
    const body = toProductInput(
      withOptions([row({ name: '3kg', price: '12000', stock: '4' }), row({ name: '5kg', price: '19000', stock: '0' })]),
    );
    expect(body.display_remaining).toBe(4);
  });

  it('sends an empty list without options, which removes any the product had', () => {
    const body = toProductInput(complete({ use_options: false, options: [row({ saved_id: 8, name: '5kg' })] }));
    expect(body.options).toEqual([]);
    expect(productInputSchema.safeParse(body).success).toBe(true);
  });

  it("fills the rows from a saved product's options", () => {
    const values = formValuesOf(
      testProduct({
        price: 12_000,
        stock: 4,
        options: [
          { id: 8, name: '3kg', price: 12_000, original_price: 15_000, stock: 4, is_available: true },
          { id: 9, name: '5kg', price: 19_000, original_price: null, stock: null, is_available: false },
        ],
      }),
    );
    expect(values.use_options).toBe(true);
    expect(values.stock).toBe('');
    expect(values.options).toEqual([
      { saved_id: 8, name: '3kg', price: '12000', original_price: '15000', stock: '4', is_available: true },
      { saved_id: 9, name: '5kg', price: '19000', original_price: '', stock: '', is_available: false },
    ]);
    expect(messagesOf(values)).toEqual({});
  });
});

describe('liveDiscount', () => {
  it('follows the spec formula and stays 0 without an original price', () => {
    expect(liveDiscount('15000', '20000')).toBe(25);
    expect(liveDiscount('15000', '')).toBe(0);
    expect(liveDiscount('25000', '20000')).toBe(0);
  });
});
