import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatBusinessNumber } from '@/lib/format';
import { formatPhone } from '@/lib/phone';
import { useTenant } from '@/lib/tenant';
import { footerMessages as m } from '@/messages/common';

/** Company details (each only when set), policy and terms links, copyright (spec 2.6). */
export function FooterContent() {
  const { tenant, displayName } = useTenant();
  const company = tenant.settings.company_info ?? {};
  const companyName = company.company_name?.trim() || displayName;
  const fields: [string, string | undefined][] = [
    [m.companyName, company.company_name],
    [m.ceo, company.ceo_name],
    [m.businessNumber, company.business_number && formatBusinessNumber(company.business_number)],
    [m.phone, formatPhone(tenant.settings.contact_phone?.trim() || m.defaultPhone)],
    [m.address, company.address?.trim() || m.defaultAddress],
    [m.salesReport, company.sales_report_number],
    [m.email, tenant.settings.contact_email],
  ];
  return (
    <footer className="footer">
      <div className="container">
        <nav className="footer-links" aria-label={m.footerNav}>
          <Link to={paths.policy.getHref()}>{m.policy}</Link>
          <Link to={paths.terms.getHref()}>{m.terms}</Link>
        </nav>
        <p className="footer-brand">{displayName}</p>
        <dl className="footer-fields">
          {fields
            .filter(([, value]) => value?.trim())
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <p className="footer-copy">{m.copyright(companyName, new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
