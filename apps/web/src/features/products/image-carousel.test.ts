import { describe, expect, it } from 'vitest';
import { SWIPE_THRESHOLD_PX, swipeDirection } from './image-carousel';

describe('swipeDirection', () => {
  it('moves only from the 50 px threshold on', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeDirection(-49)).toBe(0);
    expect(swipeDirection(-50)).toBe(1);
    expect(swipeDirection(49)).toBe(0);
    expect(swipeDirection(80)).toBe(-1);
  });
});
