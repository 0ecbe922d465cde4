import { describe, expect, it } from 'vitest';
import { allAgreed, canProceed, noConsents, registrationTarget, setAll } from './consents';

describe('signup consents (spec 2.9)', () => {
  it('next needs the three required consents, not marketing', () => {
    expect(canProceed(noConsents)).toBe(false);
    expect(canProceed({ privacy: true, consignment: true, location: false, marketing: true })).toBe(false);
    expect(canProceed({ privacy: true, consignment: true, location: true, marketing: false })).toBe(true);
  });

  it('the all-agree toggle sets and clears every consent', () => {
    expect(allAgreed(setAll(true))).toBe(true);
    expect(setAll(false)).toEqual(noConsents);
    expect(allAgreed({ privacy: true, consignment: true, location: true, marketing: false })).toBe(false);
  });

  it('goes to the registration route of the userType in navigation state, customer by default', () => {
    expect(registrationTarget({ userType: 'merchant' }).path).toBe('/register/merchant');
    expect(registrationTarget({ userType: 'customer' }).path).toBe('/register/customer');
    expect(registrationTarget(null).path).toBe('/register/customer');
    expect(registrationTarget({ userType: 'admin' }).userType).toBe('customer');
  });
});
