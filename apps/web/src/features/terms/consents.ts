import type { ConsentKey } from './messages';

export type Consents = Record<ConsentKey, boolean>;

export const REQUIRED_CONSENTS: readonly ConsentKey[] = ['privacy', 'consignment', 'location'];
export const ALL_CONSENTS: readonly ConsentKey[] = [...REQUIRED_CONSENTS, 'marketing'];

export const noConsents: Consents = { privacy: false, consignment: false, location: false, marketing: false };

/** Next is enabled once the three required consents are given (spec 2.9). */
export function canProceed(c: Consents): boolean {
  return REQUIRED_CONSENTS.every((k) => c[k]);
}

export function allAgreed(c: Consents): boolean {
  return ALL_CONSENTS.every((k) => c[k]);
}

/** The all-agree toggle sets every consent to its new state. */
export function setAll(value: boolean): Consents {
  return { privacy: value, consignment: value, location: value, marketing: value };
}

/** The registration route for the `userType` passed in navigation state (default customer). */
export function registrationTarget(state: unknown): { userType: 'customer' | 'merchant'; path: string } {
  const userType = (state as { userType?: unknown } | null)?.userType === 'merchant' ? 'merchant' : 'customer';
  return { userType, path: userType === 'merchant' ? '/register/merchant' : '/register/customer' };
}

/** The required consents given in this sign-up, as the consent step hands them to the form. */
export function consentGiven(state: unknown): boolean {
  const consents = (state as { consents?: unknown } | null)?.consents;
  if (!consents || typeof consents !== 'object') return false;
  return REQUIRED_CONSENTS.every((k) => (consents as Record<string, unknown>)[k] === true);
}

/** Whether /terms was opened as a sign-up's consent step (with a userType in navigation state). */
export function isSignupStep(state: unknown): boolean {
  const userType = (state as { userType?: unknown } | null)?.userType;
  return userType === 'customer' || userType === 'merchant';
}
