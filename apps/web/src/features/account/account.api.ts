import type {
  AccountDeletionPreview,
  DashboardProfileAnswer,
  DashboardProfileUpdateAnswer,
  ProfileImageAnswer,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProfileChanges } from './account-schemas';

/** The same cache entry the dashboard's profile card reads, so a save shows there at once. */
export const profileKey = ['dashboard', 'profile'] as const;

/** GET /api/dashboard/profile (spec part 3, 7). */
export const editProfileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: ({ signal }) => api.get<DashboardProfileAnswer>('/api/dashboard/profile', { signal }),
});

/** PUT /api/dashboard/profile with only the changed fields. */
export function saveProfile(changes: ProfileChanges) {
  return api.put<DashboardProfileUpdateAnswer>('/api/dashboard/profile', changes);
}

/** POST /api/dashboard/profile/image, multipart field `profile_image`. */
export function uploadProfileImage(file: File) {
  const form = new FormData();
  form.append('profile_image', file);
  return api.upload<ProfileImageAnswer>('/api/dashboard/profile/image', form);
}

export function deleteProfileImage() {
  return api.delete<ProfileImageAnswer>('/api/dashboard/profile/image');
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

/** GET /api/auth/account/deletion: what deleting the account would do now (asked when the dialog opens). */
export const deletionPreviewQuery = queryOptions({
  queryKey: ['account', 'deletion-preview'] as const,
  queryFn: ({ signal }) => api.get<AccountDeletionPreview>('/api/auth/account/deletion', { signal }),
  staleTime: 0,
});
