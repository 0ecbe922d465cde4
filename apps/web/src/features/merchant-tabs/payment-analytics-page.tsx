/** Stub until the payment analytics screen lands (issue 14). */
export default function PaymentAnalyticsPage() {
  return null;
}
