import { describe, expect, it } from 'vitest';
import { applyOrderFilters, defaultOrderFilters, matchesSearch, rangeStart } from './order-filters';
import { buildOrder } from './order-fixtures';

// Local times, so the ranges are checked in the viewer's own time zone.
const now = new Date(2025, 2, 14, 15, 30); // 14 March 2025, 15:30
const at = (month: number, day: number, hour = 12) => new Date(2025, month - 1, day, hour).toISOString();

const tomato = buildOrder({
  id: 101,
  created_at: at(3, 14, 9),
  delivery_address: '서울특별시 마포구 월드컵북로 12',
  delivery_phone: '010-1234-5678',
});
const apples = buildOrder({
  id: 57,
  status: 'DELIVERING',
  created_at: at(3, 10),
  delivery_address: '부산광역시 해운대구 센텀중앙로 55',
  delivery_phone: '01098765432',
  items: [
    {
      product_id: 12,
      product_title: '청송 꿀사과 3kg',
      option_id: null,
      option_name: null,
      unit_price: 25000,
      quantity: 2,
      total_price: 50000,
      image_url: null,
    },
  ],
});
const rice = buildOrder({
  id: 12,
  status: 'PENDING',
  created_at: at(2, 20),
  delivery_address: null,
  order_type: 'pickup',
  delivery_phone: '010-5555-0000',
  items: [
    {
      product_id: 13,
      product_title: 'Organic Rice 10kg',
      option_id: null,
      option_name: null,
      unit_price: 40000,
      quantity: 1,
      total_price: 40000,
      image_url: null,
    },
  ],
});
const old = buildOrder({ id: 3, status: 'CANCELLED', created_at: at(1, 5) });
const page = [apples, old, tomato, rice];
const ids = (orders: { id: number }[]) => orders.map((o) => o.id);

describe('order search (id, address, phone, item titles)', () => {
  it('finds an order by its id, with or without #', () => {
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, search: '57' }, now))).toEqual([57]);
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, search: '#101' }, now))).toEqual([101]);
  });

  it('finds by address and by item title, ignoring case and outer spaces', () => {
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, search: ' 해운대 ' }, now))).toEqual([57]);
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, search: '꿀사과' }, now))).toEqual([57]);
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, search: 'organic rice' }, now))).toEqual([12]);
  });

  it('finds an order by the option bought', () => {
    const boxed = buildOrder({
      id: 77,
      items: [
        {
          product_id: 12,
          product_title: '청송 꿀사과',
          option_id: 3,
          option_name: '선물용 5kg',
          unit_price: 32000,
          quantity: 1,
          total_price: 32000,
          image_url: null,
        },
      ],
    });
    expect(matchesSearch(boxed, '선물용')).toBe(true);
    expect(matchesSearch(boxed, '5KG')).toBe(true);
    expect(matchesSearch(apples, '선물용')).toBe(false);
  });

  it('finds a phone number typed with or without hyphens', () => {
    expect(matchesSearch(apples, '010-9876')).toBe(true);
    expect(matchesSearch(tomato, '01012345678')).toBe(true);
    expect(matchesSearch(tomato, '9876-5432')).toBe(false);
  });

  it('keeps everything for an empty search and nothing for a miss', () => {
    expect(applyOrderFilters(page, { ...defaultOrderFilters, search: '   ' }, now)).toHaveLength(4);
    expect(applyOrderFilters(page, { ...defaultOrderFilters, search: '제주 감귤' }, now)).toEqual([]);
  });

  it('does not match an order without an address on the address text', () => {
    expect(matchesSearch(rice, '마포구')).toBe(false);
  });
});

describe('date ranges (today, 7 days, 1 month)', () => {
  it('starts today at local midnight, 7 days six days before, 1 month on the same day last month', () => {
    expect(rangeStart('all', now)).toBeNull();
    expect(rangeStart('today', now)).toEqual(new Date(2025, 2, 14));
    expect(rangeStart('week', now)).toEqual(new Date(2025, 2, 8));
    expect(rangeStart('month', now)).toEqual(new Date(2025, 1, 14));
  });

  it('ends a month on the last day of a shorter month', () => {
    expect(rangeStart('month', new Date(2025, 2, 31, 8))).toEqual(new Date(2025, 1, 28));
    expect(rangeStart('week', new Date(2025, 2, 3, 8))).toEqual(new Date(2025, 1, 25));
  });

  it('keeps the orders created in the range', () => {
    const latest = { ...defaultOrderFilters };
    expect(ids(applyOrderFilters(page, { ...latest, range: 'today' }, now))).toEqual([101]);
    expect(ids(applyOrderFilters(page, { ...latest, range: 'week' }, now))).toEqual([101, 57]);
    expect(ids(applyOrderFilters(page, { ...latest, range: 'month' }, now))).toEqual([101, 57, 12]);
    expect(ids(applyOrderFilters(page, { ...latest, range: 'all' }, now))).toEqual([101, 57, 12, 3]);
  });

  it('combines a range with a search', () => {
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, range: 'week', search: '마포' }, now))).toEqual([101]);
  });
});

describe('sorting', () => {
  it('latest and oldest by creation time, whatever order the page came in', () => {
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, sort: 'latest' }, now))).toEqual([101, 57, 12, 3]);
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, sort: 'oldest' }, now))).toEqual([3, 12, 57, 101]);
  });

  it('status follows the fulfilment path, newest first within a status', () => {
    expect(ids(applyOrderFilters(page, { ...defaultOrderFilters, sort: 'status' }, now))).toEqual([101, 12, 57, 3]);
  });

  it('orders of the same second fall back to the id', () => {
    const a = buildOrder({ id: 8, created_at: at(3, 14) });
    const b = buildOrder({ id: 9, created_at: at(3, 14) });
    expect(ids(applyOrderFilters([a, b], defaultOrderFilters, now))).toEqual([9, 8]);
  });

  it('leaves the page it was given untouched', () => {
    const copy = [...page];
    applyOrderFilters(page, { ...defaultOrderFilters, sort: 'oldest' }, now);
    expect(page).toEqual(copy);
  });
});
