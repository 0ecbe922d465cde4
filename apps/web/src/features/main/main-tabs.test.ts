import type { FeatureKey } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { activeTab, availableTabs } from './main-tabs';

const v = (off: FeatureKey[] = [], isMember = false) => ({ isEnabled: (f: FeatureKey) => !off.includes(f), isMember });

describe('/main tabs (spec 2.5)', () => {
  it('shows delivery, shopping, video and post for enabled features; wallet only for members', () => {
    expect(availableTabs(v())).toEqual(['delivery', 'shopping', 'video', 'post']);
    expect(availableTabs(v([], true))).toEqual(['delivery', 'shopping', 'video', 'post', 'wallet']);
    expect(availableTabs(v(['wallet'], true))).toEqual(['delivery', 'shopping', 'video', 'post']);
    expect(availableTabs(v(['delivery', 'content']))).toEqual(['shopping']);
    expect(availableTabs(v(['delivery', 'shopping', 'content', 'wallet'], true))).toEqual([]);
  });

  it("shows a guest the wallet tab only when the address asks for it (its login prompt), never other tabs' way", () => {
    expect(availableTabs({ ...v(), requested: 'wallet' })).toEqual(['delivery', 'shopping', 'video', 'post', 'wallet']);
    expect(activeTab('wallet', availableTabs({ ...v(), requested: 'wallet' }))).toBe('wallet');
    expect(availableTabs({ ...v(), requested: 'post' })).toEqual(['delivery', 'shopping', 'video', 'post']);
    // A tenant without the wallet has no wallet tab, asked or not.
    expect(availableTabs({ ...v(['wallet']), requested: 'wallet' })).not.toContain('wallet');
  });

  it('takes the tab parameter when it names an available tab, else the first', () => {
    const tabs = availableTabs(v(['delivery']));
    expect(activeTab('post', tabs)).toBe('post');
    expect(activeTab('delivery', tabs)).toBe('shopping');
    expect(activeTab(null, tabs)).toBe('shopping');
    expect(activeTab('wallet', [])).toBeUndefined();
  });
});
