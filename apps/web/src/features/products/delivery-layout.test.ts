import { describe, expect, it } from 'vitest';
import { deliverySections } from './delivery-layout';

const ranked = Array.from({ length: 14 }, (_, i) => i + 1);

describe('deliverySections', () => {
  it("slices 'all' into hot now 1-2, repurchase 3-5 and today's restaurants 6-10", () => {
    const sections = deliverySections(ranked, 'all');
    expect(sections.map((s) => [s.key, s.items])).toEqual([
      ['hot', [1, 2]],
      ['repurchase', [3, 4, 5]],
      ['today', [6, 7, 8, 9, 10]],
    ]);
  });

  it('slices a category into the real-time ranking 1-2 and the rest as a list', () => {
    const sections = deliverySections(ranked, 'korean');
    expect(sections.map((s) => [s.key, s.items.length])).toEqual([
      ['ranking', 2],
      ['list', 12],
    ]);
    expect(sections[1]?.items[0]).toBe(3);
  });

  it('leaves out empty blocks for short lists', () => {
    expect(deliverySections([1, 2, 3], 'all').map((s) => s.key)).toEqual(['hot', 'repurchase']);
    expect(deliverySections([1], 'meat').map((s) => s.key)).toEqual(['ranking']);
    expect(deliverySections([], 'all')).toEqual([]);
  });
});
