import type { Tenant } from '@app/contracts';
import { contrastRatio, ensureContrast, parseHex, relativeLuminance, toHex } from './color';

/** Default theme (spec 9): orange primary on a light cream background. */
export const defaultTheme = {
  primary: '#FF9630',
  accent: '#E85D04',
  'primary-light': '#FF963020',
  'accent-light': '#E85D0420',
} as const;

/** The page background every theme sits on; readable-colour checks are made against it. */
export const creamBackground = '#FFFAF3';

function validHex(value: string | undefined): string | undefined {
  return value && parseHex(value) ? value : undefined;
}

/**
 * The tenant's theme as CSS custom properties. Besides the four configured colours it derives
 * `--primary-strong` / `--accent-strong`: the same hue darkened where needed so text in that
 * colour, and white text on it, meet WCAG AA on the cream background (light brand colours such
 * as orange do not on their own).
 */
export function themeVariables(tenant: Pick<Tenant, 'settings'> | undefined): Record<string, string> {
  const theme = tenant?.settings.theme ?? {};
  const primary = validHex(theme.primary) ?? validHex(tenant?.settings.theme_color) ?? defaultTheme.primary;
  const accent = validHex(theme.accent) ?? (primary === defaultTheme.primary ? defaultTheme.accent : primary);
  const light = (hex: string) => {
    const rgb = parseHex(hex);
    return rgb ? `${toHex(rgb)}20` : hex;
  };
  return {
    ...fillVariables(primary),
    '--primary': primary,
    '--accent': accent,
    '--primary-light': validHex(theme['primary-light']) ?? light(primary),
    '--accent-light': validHex(theme['accent-light']) ?? light(accent),
    '--primary-strong': ensureContrast(primary, creamBackground, 5),
    '--accent-strong': ensureContrast(accent, creamBackground, 5),
    ...surfaceVariables(primary),
  };
}

/** `amount` (0-1) of `hex` over `base`, as an opaque colour. */
function mix(hex: string, base: string, amount: number): string {
  const c = parseHex(hex);
  const b = parseHex(base);
  if (!c || !b) return base;
  const at = (x: number, y: number) => y + (x - y) * amount;
  return toHex({ r: at(c.r, b.r), g: at(c.g, b.g), b: at(c.b, b.b) });
}

/**
 * Page background, muted surfaces and hairlines as faint tints of the primary colour: the default
 * orange gives the cream of DESIGN.md, a blue theme a cool white instead of cream.
 */
export function surfaceVariables(primary: string): { '--bg': string; '--surface-muted': string; '--border': string } {
  return {
    '--bg': mix(primary, WHITE, 0.05),
    '--surface-muted': mix(primary, '#f4f4f4', 0.07),
    '--border': mix(primary, '#e6e6e6', 0.08),
  };
}

const WHITE = '#ffffff';
export const DARK_TEXT = '#1f2328';

/**
 * Filled buttons and active tabs: the brand colour with white text when that is readable (AA);
 * a light brand colour (orange, yellow, light green) keeps its colour with dark text; a mid colour
 * (a blue just short of AA) is darkened slightly and keeps white text.
 */
export function fillVariables(primary: string): { '--primary-fill': string; '--on-primary': string } {
  const rgb = parseHex(primary);
  const white = parseHex(WHITE);
  if (!rgb || !white) return { '--primary-fill': primary, '--on-primary': WHITE };
  if (contrastRatio(rgb, white) >= 4.5) return { '--primary-fill': primary, '--on-primary': WHITE };
  if (relativeLuminance(rgb) > 0.3) return { '--primary-fill': primary, '--on-primary': DARK_TEXT };
  return { '--primary-fill': ensureContrast(primary, WHITE, 4.5), '--on-primary': WHITE };
}

/** The id of the `<style>` that holds the tenant's theme (written by the server on its pages). */
export const THEME_STYLE_ID = 'tenant-theme';

/** The variables as one rule for `:root` (the contents of the theme's `<style>`). */
export function themeRule(vars: Record<string, string>): string {
  const declarations = Object.entries(vars).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';').replace(/[<{}]/g, '')}}`;
}

/**
 * Puts the variables in the theme's `<style>` (so portals and the body see them) and the browser
 * bar colour. A page the server rendered has them already: it is left untouched, since restyling
 * the whole page costs a slow phone a long frame while it takes the page over.
 */
export function applyTheme(vars: Record<string, string>): void {
  const rule = themeRule(vars);
  let style = document.getElementById(THEME_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = THEME_STYLE_ID;
    document.head.append(style);
  }
  if (style.textContent !== rule) style.textContent = rule;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  const color = vars['--primary'] ?? defaultTheme.primary;
  if (meta.content !== color) meta.content = color;
}
