import type { FeatureKey } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { type Access, decideAccess, type Viewer } from './access';
import { routeTable } from './routes';

const user = (user_type: SessionUser['user_type'], is_admin = false): SessionUser => ({
  id: 1,
  email: 'a@b.kr',
  username: '사용자',
  user_type,
  is_admin,
});

function viewer(u: SessionUser | null, off: FeatureKey[] = []): Viewer {
  return {
    isEnabled: (f) => !off.includes(f),
    user: u,
    isSignedIn: u !== null,
    isAdmin: u?.is_admin === true,
  };
}

const accessOf = (path: string): Access => {
  const entry = routeTable.find((r) => r.path === path);
  if (!entry) throw new Error(`no route ${path}`);
  return entry.access;
};

describe('decideAccess', () => {
  it('open routes allow everybody', () => {
    expect(decideAccess({}, viewer(null))).toEqual({ kind: 'allow' });
  });

  it('a route needing a user type sends a signed-out visitor to /login', () => {
    expect(decideAccess({ userType: 'merchant' }, viewer(null))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess({ userType: 'both' }, viewer(null))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('a signed-in user of the wrong type goes to /merchant/dashboard (merchant) or /main (others)', () => {
    expect(decideAccess({ userType: 'merchant' }, viewer(user('customer')))).toEqual({ kind: 'redirect', to: '/main' });
    expect(decideAccess({ userType: 'customer' }, viewer(user('merchant')))).toEqual({
      kind: 'redirect',
      to: '/merchant/dashboard',
    });
    expect(decideAccess({ userType: 'merchant' }, viewer(user('superuser', true)))).toEqual({
      kind: 'redirect',
      to: '/main',
    });
  });

  it('"both" means any signed-in user', () => {
    for (const t of ['customer', 'merchant', 'superuser'] as const) {
      expect(decideAccess({ userType: 'both' }, viewer(user(t)))).toEqual({ kind: 'allow' });
    }
  });

  it('a feature that is off shows the notice, for everybody, before the user check', () => {
    const access: Access = { features: ['content'], userType: 'merchant' };
    expect(decideAccess(access, viewer(null, ['content']))).toEqual({ kind: 'feature-off' });
    expect(decideAccess(access, viewer(user('merchant'), ['content']))).toEqual({ kind: 'feature-off' });
  });

  it('any one of several features is enough', () => {
    const access: Access = { features: ['shopping', 'delivery'] };
    expect(decideAccess(access, viewer(null, ['delivery']))).toEqual({ kind: 'allow' });
    expect(decideAccess(access, viewer(null, ['delivery', 'shopping']))).toEqual({ kind: 'feature-off' });
  });

  it('administrator routes: signed out to /login, non-administrators denied, administrators allowed', () => {
    const access: Access = { adminOnly: true };
    expect(decideAccess(access, viewer(null))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(access, viewer(user('customer')))).toEqual({ kind: 'denied' });
    expect(decideAccess(access, viewer(user('merchant')))).toEqual({ kind: 'denied' });
    expect(decideAccess(access, viewer(user('customer', true)))).toEqual({ kind: 'allow' });
  });
});

describe('sign-up forms', () => {
  it("send a visitor without this sign-up's consents back to the consent step, keeping the kind of sign-up", () => {
    expect(decideAccess({ signup: 'customer' }, viewer(null))).toEqual({
      kind: 'redirect',
      to: '/terms',
      state: { userType: 'customer' },
    });
    expect(decideAccess({ features: ['merchant'], signup: 'merchant' }, viewer(null))).toEqual({
      kind: 'redirect',
      to: '/terms',
      state: { userType: 'merchant' },
    });
  });

  it('open once the consent step handed over the required consents', () => {
    expect(decideAccess({ signup: 'customer' }, { ...viewer(null), consentGiven: true })).toEqual({ kind: 'allow' });
  });
});

describe('the route table (spec 2.1)', () => {
  it('declares every route of the spec', () => {
    expect(routeTable.map((r) => r.path).sort()).toEqual(
      [
        '/main',
        '/policy',
        '/terms',
        '/login',
        '/register/customer',
        '/register/merchant',
        '/find-email',
        '/reset-password-request',
        '/reset-password',
        '/auth/kakao/callback',
        '/admin/tenants',
        '/content/upload',
        '/content/:id/edit',
        '/content/:id',
        '/profile/edit',
        '/merchant/:id',
        '/merchant/dashboard',
        '/products/create',
        '/products/edit/:id',
        '/products/:id',
        '/payment/callback',
        '/payment/analytics',
        // Spec part 3, section 2.
        '/payment/test',
        '/wallet',
        '/orders',
        '/dashboard',
        // Issue 10: built from the tenant settings, linked from the /main bar.
        '/about',
        '/contact',
        // Issue 40: the cart, for guests (the browser's) and members (the account's).
        '/cart',
      ].sort(),
    );
  });

  it('gives each route the access rule of the spec', () => {
    expect(accessOf('/register/merchant')).toEqual({ features: ['merchant'], signup: 'merchant' });
    expect(accessOf('/register/customer')).toEqual({ signup: 'customer' });
    expect(accessOf('/auth/kakao/callback')).toEqual({
      features: ['social_login'],
      whenFeatureOff: { redirect: '/login' },
    });
    expect(accessOf('/admin/tenants')).toEqual({ adminOnly: true });
    expect(accessOf('/about')).toEqual({});
    expect(accessOf('/contact')).toEqual({});
    expect(accessOf('/orders')).toEqual({ features: ['shopping', 'delivery'], userType: 'both' });
    expect(accessOf('/cart')).toEqual({ features: ['shopping', 'delivery'] });
    expect(accessOf('/content/upload')).toEqual({ features: ['content'], userType: 'merchant' });
    expect(accessOf('/content/:id/edit')).toEqual({ features: ['content'], userType: 'merchant' });
    expect(accessOf('/content/:id')).toEqual({ features: ['content'] });
    expect(accessOf('/profile/edit')).toEqual({ userType: 'both' });
    expect(accessOf('/merchant/:id')).toEqual({ features: ['merchant'] });
    expect(accessOf('/merchant/dashboard')).toEqual({ features: ['merchant'], userType: 'merchant' });
    expect(accessOf('/dashboard')).toEqual({ userType: 'both' });
    expect(accessOf('/products/create')).toEqual({ features: ['shopping', 'delivery'], userType: 'merchant' });
    expect(accessOf('/products/edit/:id')).toEqual({ features: ['shopping', 'delivery'], userType: 'merchant' });
    expect(accessOf('/products/:id')).toEqual({ features: ['shopping', 'delivery'] });
    expect(accessOf('/payment/callback')).toEqual({ features: ['payment'] });
    expect(accessOf('/payment/analytics')).toEqual({ features: ['analytics'] });
    expect(accessOf('/payment/test')).toEqual({ features: ['payment'], userType: 'both' });
    expect(accessOf('/wallet')).toEqual({ features: ['wallet'] });
    for (const open of ['/main', '/policy', '/terms', '/login', '/find-email']) {
      expect(accessOf(open)).toEqual({});
    }
  });
});
