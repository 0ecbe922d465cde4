import type { FeatureKey } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { desktopNavItems, merchantActionItems, mobileNavItems, type NavViewer } from './nav-items';

const merchant: SessionUser = { id: 2, email: 'm@b.kr', username: '판매자', user_type: 'merchant' };
const customer: SessionUser = { id: 3, email: 'c@b.kr', username: '고객', user_type: 'customer' };

function viewer(user: SessionUser | null, off: FeatureKey[] = [], isAdmin = false): NavViewer {
  return { isEnabled: (f) => !off.includes(f), user, isMember: user !== null && user.user_type !== 'guest', isAdmin };
}

const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('navigation entries (spec 2.6)', () => {
  it('shows feature links only when the feature is on, wallet only when signed in', () => {
    expect(keys(desktopNavItems(viewer(null)))).toEqual(['home', 'delivery', 'shopping', 'content']);
    expect(keys(desktopNavItems(viewer(customer)))).toEqual(['home', 'delivery', 'shopping', 'content', 'wallet']);
    expect(keys(desktopNavItems(viewer(customer, ['delivery', 'wallet'])))).toEqual(['home', 'shopping', 'content']);
  });

  it('links content to the video tab and wallet to the wallet tab', () => {
    const items = desktopNavItems(viewer(customer));
    expect(items.find((i) => i.key === 'content')?.href).toBe('/main?tab=video');
    expect(items.find((i) => i.key === 'wallet')?.href).toBe('/main?tab=wallet');
  });

  it('adds the merchant dashboard (feature merchant on) and the administrator entry', () => {
    expect(keys(desktopNavItems(viewer(merchant)))).toContain('myContent');
    expect(keys(desktopNavItems(viewer(merchant, ['merchant'])))).not.toContain('myContent');
    expect(keys(desktopNavItems(viewer(customer, [], true)))).toContain('admin');
  });

  it('gives merchants their dashboard, product creation and post upload, each behind its feature', () => {
    const items = desktopNavItems(viewer(merchant));
    expect(keys(items)).toEqual([
      'home',
      'delivery',
      'shopping',
      'content',
      'wallet',
      'myContent',
      'productCreate',
      'contentUpload',
    ]);
    expect(items.find((i) => i.key === 'myContent')?.href).toBe('/merchant/dashboard');
    expect(items.find((i) => i.key === 'productCreate')?.href).toBe('/products/create');
    expect(items.find((i) => i.key === 'contentUpload')?.href).toBe('/content/upload');
    // product creation needs shopping or delivery; upload needs content
    expect(keys(merchantActionItems(viewer(merchant, ['shopping'])))).toEqual(['productCreate', 'contentUpload']);
    expect(keys(merchantActionItems(viewer(merchant, ['shopping', 'delivery', 'content'])))).toEqual([]);
    expect(keys(merchantActionItems(viewer(customer)))).toEqual([]);
    expect(keys(desktopNavItems(viewer(customer)))).not.toContain('productCreate');
  });

  it('the bottom bar shows at most the first 4 entries', () => {
    expect(keys(mobileNavItems(viewer(customer)))).toEqual(['home', 'delivery', 'shopping', 'content']);
  });

  it('inserts the merchant and administrator entries before the last item', () => {
    // home, shopping, content + myContent before content -> home, shopping, myContent, content
    expect(keys(mobileNavItems(viewer(merchant, ['delivery', 'wallet'])))).toEqual([
      'home',
      'shopping',
      'myContent',
      'content',
    ]);
    expect(keys(mobileNavItems(viewer(customer, ['delivery', 'shopping', 'content', 'wallet'], true)))).toEqual([
      'home',
      'admin',
    ]);
  });

  it('keeps the merchant dashboard in a full bottom bar, before the last item', () => {
    // home, delivery, shopping, content (wallet past the four) -> shopping gives way
    expect(keys(mobileNavItems(viewer(merchant)))).toEqual(['home', 'delivery', 'myContent', 'content']);
    expect(keys(mobileNavItems(viewer({ ...merchant }, [], true)))).toEqual(['home', 'myContent', 'admin', 'content']);
    expect(mobileNavItems(viewer(merchant))).toHaveLength(4);
  });
});
