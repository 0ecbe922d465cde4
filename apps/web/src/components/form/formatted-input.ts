import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A react-hook-form registration whose input rewrites what is typed before the form sees it: a
 * phone number or a business number grouped with hyphens as the digits arrive
 * (`formatPhoneInput`, `formatBusinessNumberInput` in lib/format). The server accepts both forms
 * and stores the digits.
 */
export function formatOnInput<R extends UseFormRegisterReturn>(registration: R, format: (value: string) => string): R {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = format(event.target.value);
      if (next !== event.target.value) event.target.value = next;
      return registration.onChange(event);
    },
  };
}
