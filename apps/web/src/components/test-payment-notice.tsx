import { TEST_PAYMENT_NOTICE } from '@app/contracts';
import { useTenant } from '@/lib/tenant';
import './test-payment-notice.css';

/**
 * "테스트 결제 — 실제로 청구되지 않습니다" on every payment screen while the server's card payments go
 * through the built-in sandbox (the tenant answer's `test_payments`); nothing with a real gateway.
 */
export function TestPaymentNotice() {
  const { tenant } = useTenant();
  if (!tenant.test_payments) return null;
  return (
    <p className="test-payment-notice" role="note">
      {TEST_PAYMENT_NOTICE}
    </p>
  );
}
