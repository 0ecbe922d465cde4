import type { Tenant } from '@app/contracts';
import { formatPhone } from '@/lib/phone';
import { footerMessages } from '@/messages/common';

export interface AboutDetails {
  name: string;
  tagline?: string;
  /** Plain paragraphs of service_description, when set. */
  paragraphs: string[];
  /** Otherwise the hero description (may hold HTML, sanitised when rendered). */
  html?: string;
  company: [label: string, value: string][];
}

const clean = (value: string | undefined) => value?.trim() || undefined;

/** The about page's texts from the tenant's service and company settings; unset fields are left out. */
export function aboutDetails(tenant: Pick<Tenant, 'settings'>, displayName: string): AboutDetails {
  const { settings } = tenant;
  const info = settings.service_info ?? {};
  const company = settings.company_info ?? {};
  const description = clean(info.service_description);
  const phone = clean(settings.contact_phone);
  const fields: [string, string | undefined][] = [
    [footerMessages.companyName, clean(company.company_name)],
    [footerMessages.ceo, clean(company.ceo_name)],
    [footerMessages.businessNumber, clean(company.business_number)],
    [footerMessages.address, clean(company.address)],
    [footerMessages.salesReport, clean(company.sales_report_number)],
    [footerMessages.phone, phone ? formatPhone(phone) : undefined],
    [footerMessages.email, clean(settings.contact_email)],
  ];
  return {
    name: clean(info.service_name) ?? displayName,
    tagline: clean(info.service_tagline),
    paragraphs: description
      ? description
          .split(/\n+/)
          .map((p) => p.trim())
          .filter(Boolean)
      : [],
    html: description ? undefined : clean(info.hero_description),
    company: fields.filter((f): f is [string, string] => f[1] !== undefined),
  };
}
