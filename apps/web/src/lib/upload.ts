import { apiMessages } from '@/messages/common';
import { ApiError, errorMessageFrom, uploadErrorMessage } from './api-client';
import { apiBase } from './media';
import { readItem, storageKeys } from './storage';

/**
 * A multipart upload through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` gets 0 to 1. Errors follow the API client's upload rules (spec 8).
 */
export function uploadWithProgress<T>(
  path: string,
  formData: FormData,
  onProgress?: (fraction: number) => void,
  method: 'POST' | 'PUT' = 'POST',
  /** Extra request headers (an `Idempotency-Key`). */
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${apiBase}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readItem(storageKeys.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(apiMessages.networkError, 0));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        reject(new ApiError(uploadErrorMessage(xhr.status), xhr.status, xhr.responseText));
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(errorMessageFrom(data, xhr.status), xhr.status, data));
        return;
      }
      onProgress?.(1);
      resolve(data as T);
    };
    xhr.send(formData);
  });
}
