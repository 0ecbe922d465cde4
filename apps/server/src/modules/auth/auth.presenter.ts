import type { User } from '@app/contracts';
import type { AccountRow } from '../users/users.service.js';

/** The user object of every auth answer (no hash, no internal columns). */
export function presentUser({ user, merchant, isAdmin }: AccountRow): User {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    user_type: user.userType,
    is_admin: isAdmin,
    phone: user.phone,
    address: user.address,
    postcode: user.postcode,
    profile_image: user.profileImage,
    merchant: merchant && {
      id: merchant.id,
      business_name: merchant.businessName,
      business_description: merchant.businessDescription,
      business_number: merchant.businessNumber,
      address: merchant.address,
      phone: merchant.phone,
    },
    created_at: user.createdAt.toISOString(),
  };
}

/** `cu******@example.com`: the first two characters of the local part, the domain whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const keep = local.length <= 2 ? 1 : 2;
  return `${local.slice(0, keep)}${'*'.repeat(Math.max(local.length - keep, 3))}${email.slice(at)}`;
}
