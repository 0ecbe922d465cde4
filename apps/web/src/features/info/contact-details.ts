import type { TenantSettings } from '@app/contracts';
import { formatPhone } from '@/lib/phone';
import { infoMessages as m } from './messages';

/** One line of the contact page: a label, the value as shown, and where tapping it leads. */
export interface ContactLine {
  key: string;
  label: string;
  value: string;
  href?: string;
  external?: boolean;
}

const clean = (value: string | undefined) => value?.trim() || undefined;

/** `tel:` with digits only (and a leading +), as dialers expect. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function phoneLine(key: string, label: string, raw: string | undefined): ContactLine[] {
  const phone = clean(raw);
  if (!phone) return [];
  // Free text (a name, an e-mail) is shown as it is; only something dialable becomes a link.
  if (phone.replace(/\D/g, '').length < 7) return [{ key, label, value: phone }];
  return [{ key, label, value: formatPhone(phone), href: telHref(phone) }];
}

/** The ways to reach the tenant, each only when set. */
export function contactLines(settings: TenantSettings): ContactLine[] {
  const email = clean(settings.contact_email);
  const hours = clean(settings.business_hours);
  const address = clean(settings.company_info?.address);
  return [
    ...(email ? [{ key: 'email', label: m.email, value: email, href: `mailto:${email}` }] : []),
    ...phoneLine('phone', m.phone, settings.contact_phone),
    ...(hours ? [{ key: 'hours', label: m.hours, value: hours }] : []),
    ...(address
      ? [
          {
            key: 'address',
            label: m.address,
            value: address,
            href: `https://map.naver.com/p/search/${encodeURIComponent(address)}`,
            external: true,
          },
        ]
      : []),
  ];
}

/** Where exchanges and returns go, each only when set. */
export function returnLines(settings: TenantSettings): ContactLine[] {
  const legal = settings.legal_info ?? {};
  const hours = clean(legal.return_hours);
  const address = clean(legal.return_address);
  return [
    ...phoneLine('return-contact', m.returnContact, legal.return_contact),
    ...(hours ? [{ key: 'return-hours', label: m.returnHours, value: hours }] : []),
    ...(address ? [{ key: 'return-address', label: m.returnAddress, value: address }] : []),
  ];
}
