/**
 * `1234567.6` -> `1,234,568`: Korean digit grouping (as `Intl.NumberFormat('ko-KR')` prints it),
 * rounded to a whole number. Written out because creating an ICU number format costs a slow phone
 * 15 to 25 ms, and the messages below are built when a screen's code is evaluated.
 */
export function formatNumber(value: number): string {
  const whole = Math.round(Math.abs(value));
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && whole !== 0 ? `-${grouped}` : grouped;
}
