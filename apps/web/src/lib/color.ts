/** Colour helpers for the tenant theme: parse hex, WCAG contrast, darken until text is readable. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#abc`, `#aabbcc` or `#aabbccdd` (alpha ignored) -> RGB; undefined when not a hex colour. */
export function parseHex(hex: string | null | undefined): Rgb | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex?.trim() ?? '');
  if (!m?.[1]) return undefined;
  let h = m[1];
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return {
    r: Number.parseInt(h.slice(0, 2), 16),
    g: Number.parseInt(h.slice(2, 4), 16),
    b: Number.parseInt(h.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour itself when `against` reaches `min` contrast with it, otherwise the colour darkened
 * step by step (keeping its hue) until it does. Used for text and filled buttons in the tenant's
 * colour, so a light brand colour such as orange #FF9630 still meets WCAG AA (4.5:1).
 */
export function ensureContrast(hex: string, against = '#ffffff', min = 4.5): string {
  const colour = parseHex(hex);
  const bg = parseHex(against);
  if (!colour || !bg) return hex;
  let current = colour;
  for (let i = 0; i < 100 && contrastRatio(current, bg) < min; i++) {
    current = { r: current.r * 0.96, g: current.g * 0.96, b: current.b * 0.96 };
  }
  return toHex(current);
}
