import type { ProfileUpdateBody, User } from '@app/contracts';
import { api } from '@/lib/api-client';

export function updateProfile(body: ProfileUpdateBody) {
  return api.put<User>('/api/auth/profile', body);
}

export function changePassword(currentPassword: string, newPassword: string) {
  return api.post<{ message: string }>('/api/auth/change-password', {
    current_password: currentPassword,
    new_password: newPassword,
  });
}

export function deleteAccount() {
  return api.delete<{ message: string }>('/api/auth/account');
}
