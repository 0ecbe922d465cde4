import { describe, expect, it } from 'vitest';
import { formatTrackingNumber, isParcelOrder } from './parcel-tracking';

describe('formatTrackingNumber', () => {
  it('reads a number in three groups, the longer ones last', () => {
    expect(formatTrackingNumber('1234567890')).toBe('123-456-7890');
    expect(formatTrackingNumber('12345678901')).toBe('123-4567-8901');
    expect(formatTrackingNumber('123456789012')).toBe('1234-5678-9012');
    expect(formatTrackingNumber('1234567890123')).toBe('1234-5678-90123');
    expect(formatTrackingNumber('12345678901234')).toBe('1234-56789-01234');
  });

  it('leaves anything else as it was stored', () => {
    expect(formatTrackingNumber('12345')).toBe('12345');
    expect(formatTrackingNumber('AB1234567890')).toBe('AB1234567890');
  });
});

describe('isParcelOrder', () => {
  it('is a shopping order sent out, not a local delivery or a pickup', () => {
    expect(isParcelOrder({ category_type: 'shopping', order_type: 'delivery' })).toBe(true);
    expect(isParcelOrder({ category_type: 'pickup', order_type: 'delivery' })).toBe(false);
    expect(isParcelOrder({ category_type: 'pickup', order_type: 'pickup' })).toBe(false);
  });
});
