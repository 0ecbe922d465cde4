import { escapeHtml } from './html-text.js';

/** The web app's default theme colour (apps/web/src/lib/theme.ts). */
export const DEFAULT_THEME_COLOUR = '#FF9630';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The tenant's primary colour as the web app picks it: theme.primary, else theme_color, else the default. */
export function themeColour(settings: { theme?: { primary?: string }; theme_color?: string }): string {
  for (const value of [settings.theme?.primary, settings.theme_color]) {
    if (value && HEX.test(value)) return value;
  }
  return DEFAULT_THEME_COLOUR;
}

/** #rgb, #rrggbb or #rrggbbaa as 0-255 channels (alpha ignored). */
function channels(hex: string): [number, number, number] {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White where it reads as large text (WCAG 3:1), otherwise near-black: the letter is 38 of 64 units, bold. */
function textOn(hex: string): string {
  return 1.05 / (luminance(hex) + 0.05) >= 3 ? '#ffffff' : '#1f2328';
}

/** The first letter (grapheme) of a name, upper-cased: `우` of 우리동네 농장, `B` of bloom. */
export function initialOf(name: string): string {
  const [first] = new Intl.Segmenter('ko', { granularity: 'grapheme' }).segment(name.trim());
  return (first?.segment ?? '').toLocaleUpperCase('ko');
}

/**
 * The generated favicon of a tenant without a logo: its initial on a rounded square of its theme
 * colour. Plain SVG attributes, no style element or script, so the answer's CSP has nothing to refuse.
 */
export function faviconSvg(name: string, colour: string): string {
  const fill = HEX.test(colour) ? colour : DEFAULT_THEME_COLOUR;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="14" fill="${escapeHtml(fill)}"/>`,
    `<text x="32" y="33" dominant-baseline="central" text-anchor="middle" font-family="Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', sans-serif" font-size="38" font-weight="700" fill="${textOn(fill)}">${escapeHtml(initialOf(name))}</text>`,
    '</svg>',
  ].join('');
}
