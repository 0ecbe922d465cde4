import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, parseHex } from './color';
import {
  applyTheme,
  creamBackground,
  DARK_TEXT,
  defaultTheme,
  fillVariables,
  THEME_STYLE_ID,
  themeRule,
  themeVariables,
} from './theme';

const ratio = (a: string, b: string) => {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) throw new Error('bad colour');
  return contrastRatio(x, y);
};

describe('themeVariables', () => {
  it('defaults to the orange primary', () => {
    const vars = themeVariables(undefined);
    expect(vars['--primary']).toBe(defaultTheme.primary);
    expect(vars['--primary-light']).toBe('#ff963020');
  });

  it('takes the tenant theme colours as CSS variables', () => {
    const vars = themeVariables({
      settings: { theme: { primary: '#2F80ED', accent: '#1B4F9C', 'primary-light': '#2F80ED20' } },
    });
    expect(vars['--primary']).toBe('#2F80ED');
    expect(vars['--accent']).toBe('#1B4F9C');
    expect(vars['--primary-light']).toBe('#2F80ED20');
    expect(vars['--accent-light']).toBe('#1b4f9c20');
  });

  it('falls back to theme_color and ignores colours that are not hex', () => {
    expect(themeVariables({ settings: { theme_color: '#10B981' } })['--primary']).toBe('#10B981');
    expect(themeVariables({ settings: { theme: { primary: 'red' } } })['--primary']).toBe(defaultTheme.primary);
  });

  it('derives text colours that meet WCAG AA on the cream background', () => {
    for (const primary of ['#FF9630', '#2F80ED', '#10B981', '#8B5CF6', '#EF4444', '#14B8A6', '#FFD600']) {
      const vars = themeVariables({ settings: { theme: { primary } } });
      expect(ratio(vars['--primary-strong'] as string, creamBackground)).toBeGreaterThanOrEqual(4.5);
      const fill = fillVariables(primary);
      expect(ratio(fill['--on-primary'], fill['--primary-fill'])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps orange as the button colour with dark text, and darkens a mid blue for white text', () => {
    expect(fillVariables('#FF9630')).toEqual({ '--primary-fill': '#FF9630', '--on-primary': DARK_TEXT });
    const blue = fillVariables('#2F80ED');
    expect(blue['--on-primary']).toBe('#ffffff');
    expect(blue['--primary-fill']).not.toBe('#2F80ED');
    expect(fillVariables('#1B4F9C')).toEqual({ '--primary-fill': '#1B4F9C', '--on-primary': '#ffffff' });
  });
});

describe('ensureContrast', () => {
  it('returns a readable colour unchanged', () => {
    expect(ensureContrast('#1f2328', '#ffffff')).toBe('#1f2328');
  });
});

describe('surfaceVariables', () => {
  it('tints the page background with the theme: cream under orange, never cream under blue', () => {
    const orange = themeVariables({ settings: { theme: { primary: '#FF9630' } } });
    const blue = themeVariables({ settings: { theme: { primary: '#2F80ED' } } });
    const rgb = (hex: string | undefined) => parseHex(hex) ?? { r: 0, g: 0, b: 0 };
    const warm = rgb(orange['--bg']);
    const cool = rgb(blue['--bg']);
    expect(warm.r).toBeGreaterThan(warm.b);
    expect(cool.b).toBeGreaterThan(cool.r);
    expect(blue['--bg']).not.toBe(creamBackground.toLowerCase());
    // Still a light page: the strong text colour stays readable on it.
    expect(ratio(blue['--primary-strong'] as string, blue['--bg'] as string)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(DARK_TEXT, blue['--surface-muted'] as string)).toBeGreaterThanOrEqual(12);
  });
});

describe('applyTheme', () => {
  it("writes the theme once into the page's theme style, and again only when it changes", async () => {
    document.head.innerHTML = '';
    const mall = themeVariables({ settings: { theme: { primary: '#2F80ED' } } });
    applyTheme(mall);
    const style = document.getElementById(THEME_STYLE_ID);
    expect(style?.textContent).toBe(themeRule(mall));
    expect(getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()).toBe('#2F80ED');
    expect(document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#2F80ED');

    // The same theme again (a page the server rendered with it): nothing on the page changes.
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.head, { subtree: true, childList: true, characterData: true, attributes: true });
    applyTheme(mall);
    await Promise.resolve();
    expect(changes).toEqual([]);

    applyTheme(themeVariables(undefined));
    await Promise.resolve();
    observer.disconnect();
    expect(changes.length).toBeGreaterThan(0);
    expect(document.getElementById(THEME_STYLE_ID)?.textContent).toContain('--primary:#FF9630');
  });

  it('keeps markup out of the rule', () => {
    expect(themeRule({ '--primary': '#fff}</style><script>' })).toBe(':root{--primary:#fff/style>script>}');
  });
});
