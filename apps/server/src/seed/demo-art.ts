import sharp from 'sharp';

/**
 * Illustrations for the demo: each demo product is drawn as coloured shapes of what it is (apples,
 * a loaf, a fish, a T-shirt...) above its name and its seller's name, so that every picture agrees
 * with the card it sits on. The same motifs illustrate the demo posts and the review photos.
 */

export const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const FONT = 'Noto Sans CJK KR, Noto Sans KR, NanumGothic, sans-serif';

/** An SVG fragment centred on (0, 0), about 260 px across, in the given colour. */
type Motif = (c: string) => string;

const hl = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="0.35"/>`;
const leaf = (x: number, y: number, a: number, c = '#4f9d3a') =>
  `<ellipse cx="${x}" cy="${y}" rx="18" ry="8" fill="${c}" transform="rotate(${a} ${x} ${y})"/>`;
const plate = (ry = 60) =>
  `<ellipse cx="0" cy="40" rx="140" ry="${ry}" fill="#ffffff"/><ellipse cx="0" cy="40" rx="112" ry="${ry - 14}" fill="#f1ece4"/>`;
const bowl = (c: string, inside: string) =>
  `<ellipse cx="0" cy="-5" rx="120" ry="34" fill="${c}"/>${inside}<path d="M-120 -5 Q-112 95 0 100 Q112 95 120 -5 Z" fill="#fbfaf7"/><path d="M-120 -5 Q-112 95 0 100 Q112 95 120 -5" fill="none" stroke="#d8cfc2" stroke-width="4"/>`;
const label = (w: number, y: number, c = '#ffffff') =>
  `<rect x="${-w / 2}" y="${y}" width="${w}" height="44" rx="6" fill="${c}" fill-opacity="0.9"/><rect x="${-w / 2 + 14}" y="${y + 12}" width="${w - 28}" height="7" rx="3" fill="#00000033"/><rect x="${-w / 2 + 14}" y="${y + 26}" width="${(w - 28) * 0.6}" height="6" rx="3" fill="#00000022"/>`;

const motifs: Record<string, Motif> = {
  apples: (c) =>
    [
      [-58, 25],
      [58, 25],
      [0, -40],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="62" fill="${c}"/>${hl((x as number) - 22, (y as number) - 20, 14)}<path d="M${x} ${(y as number) - 58} q4 -18 10 -22" stroke="#6b4226" stroke-width="6" fill="none"/>${leaf((x as number) + 20, (y as number) - 72, -25)}`,
      )
      .join(''),
  cherryTomatoes: (c) =>
    [
      [-70, 30],
      [-5, 40],
      [62, 30],
      [-40, -25],
      [30, -30],
      [-2, -80],
      [90, -30],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="36" fill="${c}"/>${hl((x as number) - 12, (y as number) - 12, 8)}<path d="M${(x as number) - 14} ${(y as number) - 32} l14 8 l14 -8 l-8 14 z" fill="#3f8f2f"/>`,
      )
      .join(''),
  potatoes: (c) =>
    [
      [-60, 20, 20],
      [55, 30, -15],
      [0, -45, 5],
    ]
      .map(
        ([x, y, a]) =>
          `<ellipse cx="${x}" cy="${y}" rx="70" ry="48" fill="${c}" transform="rotate(${a} ${x} ${y})"/><circle cx="${(x as number) - 20}" cy="${(y as number) - 8}" r="4" fill="#00000033"/><circle cx="${(x as number) + 18}" cy="${(y as number) + 10}" r="4" fill="#00000033"/>`,
      )
      .join(''),
  eggs: () =>
    `<rect x="-140" y="10" width="280" height="80" rx="14" fill="#c9b79c"/>${[-100, -33, 33, 100].map((x) => `<ellipse cx="${x}" cy="0" rx="30" ry="40" fill="#f6ead8"/>${hl(x - 8, -14, 7)}`).join('')}`,
  nuts: (c) =>
    bowl(
      c,
      [-70, -40, -10, 20, 50, 80, -55, -25, 5, 35, 65]
        .map((x, i) => `<ellipse cx="${x}" cy="${i < 6 ? -14 : -30}" rx="17" ry="12" fill="${i % 3 ? c : '#d9b38c'}"/>`)
        .join(''),
    ),
  strawberries: (c) =>
    [
      [-60, 20, -12],
      [60, 20, 12],
      [0, -30, 0],
    ]
      .map(
        ([x, y, a]) =>
          `<g transform="translate(${x} ${y}) rotate(${a})"><path d="M-50 -30 Q0 -55 50 -30 Q48 30 0 70 Q-48 30 -50 -30 Z" fill="${c}"/>${[
            [-22, -10],
            [0, 0],
            [22, -10],
            [-12, 22],
            [12, 22],
            [0, 45],
          ]
            .map(([sx, sy]) => `<ellipse cx="${sx}" cy="${sy}" rx="2.5" ry="4" fill="#ffe08a"/>`)
            .join('')}<path d="M-38 -38 L-14 -30 L0 -50 L14 -30 L38 -38 L20 -20 L-20 -20 Z" fill="#3f8f2f"/></g>`,
      )
      .join(''),
  leafy: (c) =>
    `${[0, 60, 120, 180, 240, 300]
      .map(
        (a) =>
          `<ellipse cx="0" cy="-55" rx="55" ry="80" fill="${c}" transform="rotate(${a})" fill-opacity="0.9"/><path d="M0 0 L0 -120" stroke="#ffffff" stroke-opacity="0.4" stroke-width="4" transform="rotate(${a})"/>`,
      )
      .join('')}<circle r="48" fill="#cfe8a9"/><circle r="26" fill="#e4f2c8"/>`,
  zucchini: (c) =>
    [-40, 40]
      .map(
        (y, i) =>
          `<g transform="rotate(${i ? -12 : 8}) translate(0 ${y})"><rect x="-130" y="-30" width="260" height="60" rx="30" fill="${c}"/><rect x="-100" y="-14" width="190" height="8" rx="4" fill="#ffffff" fill-opacity="0.3"/><rect x="124" y="-10" width="20" height="20" rx="5" fill="#6b8f3a"/></g>`,
      )
      .join(''),
  mushrooms: (c) =>
    [
      [-60, 20],
      [55, 35],
      [0, -30],
    ]
      .map(
        ([x, y]) =>
          `<rect x="${(x as number) - 14}" y="${y}" width="28" height="60" rx="10" fill="#efe3cf"/><path d="M${(x as number) - 60} ${(y as number) + 6} Q${x} ${(y as number) - 80} ${(x as number) + 60} ${(y as number) + 6} Z" fill="${c}"/>${hl((x as number) - 18, (y as number) - 26, 8)}`,
      )
      .join(''),
  loaf: (c) =>
    `<path d="M-130 70 L-130 -10 Q-130 -90 -60 -90 Q0 -120 60 -90 Q130 -90 130 -10 L130 70 Z" fill="${c}"/><path d="M-120 70 L-120 -5 Q-118 -70 -60 -75 Q0 -100 60 -75 Q118 -70 120 -5 L120 70 Z" fill="#ffffff" fill-opacity="0.15"/>${[-60, 0, 60].map((x) => `<path d="M${x - 20} -60 q20 -18 40 0" stroke="#00000033" stroke-width="6" fill="none"/>`).join('')}`,
  baguette: (c) =>
    `<g transform="rotate(-20)"><rect x="-150" y="-34" width="300" height="68" rx="34" fill="${c}"/>${[-90, -30, 30, 90].map((x) => `<path d="M${x - 18} -18 l36 24" stroke="#00000040" stroke-width="7" stroke-linecap="round"/>`).join('')}</g><rect x="30" y="40" width="80" height="46" rx="6" fill="#fff3b0"/><rect x="-110" y="45" width="90" height="40" rx="18" fill="#6b3b2a"/>`,
  rolls: (c) =>
    [
      [-75, 25],
      [0, 35],
      [75, 25],
      [-38, -35],
      [38, -35],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="46" ry="34" fill="${c}"/><path d="M${(x as number) - 28} ${(y as number) - 6} q28 -20 56 0" stroke="#ffffff" stroke-opacity="0.55" stroke-width="5" fill="none"/><circle cx="${(x as number) + 10}" cy="${(y as number) - 18}" r="3" fill="#ffffff"/>`,
      )
      .join(''),
  drink: (c) =>
    `<path d="M-70 -100 L70 -100 L55 110 L-55 110 Z" fill="#e8f4f8" fill-opacity="0.9"/><path d="M-64 -40 L64 -40 L55 110 L-55 110 Z" fill="${c}"/><rect x="-30" y="-20" width="34" height="34" rx="6" fill="#ffffff" fill-opacity="0.6"/><rect x="10" y="20" width="34" height="34" rx="6" fill="#ffffff" fill-opacity="0.6"/><rect x="20" y="-150" width="12" height="150" fill="#2bb3a3" transform="rotate(12)"/><circle cx="-70" cy="-100" r="42" fill="#f28b82"/><circle cx="-70" cy="-100" r="32" fill="#fbd0c9"/>`,
  steak: (c) =>
    `${plate()}<path d="M-95 10 Q-100 -70 -10 -75 Q90 -80 100 -10 Q105 60 10 70 Q-90 75 -95 10 Z" fill="${c}"/><path d="M-60 -30 q40 20 80 -10 M-50 20 q50 -10 100 10 M-20 -50 q10 30 40 40" stroke="#ffffff" stroke-opacity="0.75" stroke-width="5" fill="none"/><path d="M-95 10 Q-100 -70 -10 -75" stroke="#f5e6d8" stroke-width="10" fill="none"/>`,
  porkBelly: (c) =>
    `${plate()}${[-60, 0, 60].map((x) => `<g transform="translate(${x} 0) rotate(-8)"><rect x="-26" y="-80" width="52" height="150" rx="6" fill="${c}"/><rect x="-26" y="-45" width="52" height="12" fill="#fff5ee"/><rect x="-26" y="10" width="52" height="14" fill="#fff5ee"/></g>`).join('')}`,
  jerky: (c) =>
    [-70, -25, 20, 65]
      .map(
        (x, i) =>
          `<rect x="${x - 20}" y="-90" width="40" height="180" rx="12" fill="${c}" transform="rotate(${(i - 1.5) * 10} ${x} 0)"/><path d="M${x - 8} -60 l0 110" stroke="#00000030" stroke-width="5" transform="rotate(${(i - 1.5) * 10} ${x} 0)"/>`,
      )
      .join(''),
  patties: (c) =>
    `${plate()}${[
      [-55, 20],
      [55, 20],
      [-30, -30],
      [35, -30],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="48" ry="34" fill="${c}"/><path d="M${(x as number) - 28} ${y} l56 0" stroke="#00000033" stroke-width="4"/>`,
      )
      .join('')}`,
  fish: (c) =>
    `<g transform="rotate(-8)"><ellipse cx="-10" cy="0" rx="120" ry="52" fill="${c}"/><path d="M100 0 L160 -50 L150 0 L160 50 Z" fill="${c}"/><path d="M-60 -45 q40 25 0 90 M-20 -50 q40 25 0 100" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6" fill="none"/><path d="M-10 -50 q60 10 100 40" stroke="#22333b" stroke-opacity="0.35" stroke-width="10" fill="none"/><circle cx="-85" cy="-12" r="11" fill="#ffffff"/><circle cx="-85" cy="-12" r="6" fill="#1d2731"/></g>`,
  squid: (c) =>
    `<path d="M-55 -20 L0 -130 L55 -20 Z" fill="${c}"/><ellipse cx="0" cy="-10" rx="58" ry="34" fill="${c}"/>${[-45, -27, -9, 9, 27, 45].map((x, i) => `<path d="M${x} 15 q${i % 2 ? 12 : -12} 50 ${x / 3} 100" stroke="${c}" stroke-width="12" stroke-linecap="round" fill="none"/>`).join('')}<circle cx="-20" cy="-5" r="9" fill="#ffffff"/><circle cx="20" cy="-5" r="9" fill="#ffffff"/><circle cx="-20" cy="-5" r="4" fill="#222"/><circle cx="20" cy="-5" r="4" fill="#222"/>`,
  shells: (c) =>
    [
      [-70, 20],
      [60, 30],
      [-5, -45],
    ]
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="62" ry="46" fill="${c}"/><ellipse cx="${x}" cy="${y}" rx="42" ry="30" fill="#e9d8c4"/><path d="M${x} ${y} m-20 0 a20 14 0 1 1 40 0 a12 9 0 1 1 -24 0" stroke="#9c8672" stroke-width="4" fill="none"/>`,
      )
      .join(''),
  roe: (c) =>
    `<rect x="-140" y="-60" width="280" height="150" rx="16" fill="#ffffff"/>${[-80, 0, 80].map((x) => `<ellipse cx="${x}" cy="15" rx="34" ry="62" fill="${c}" transform="rotate(20 ${x} 15)"/>`).join('')}<path d="M-120 -30 q40 -20 80 0" stroke="#7cc16b" stroke-width="8" fill="none"/>`,
  sideDishes: () =>
    [
      [-80, 10, '#7b4b2a'],
      [80, 10, '#3f8f2f'],
      [0, -50, '#8b3a2b'],
    ]
      .map(
        ([x, y, f]) =>
          `<ellipse cx="${x}" cy="${(y as number) + 40}" rx="70" ry="22" fill="#00000020"/><ellipse cx="${x}" cy="${y}" rx="70" ry="44" fill="#fbfaf7"/><ellipse cx="${x}" cy="${y}" rx="54" ry="30" fill="${f}"/><path d="M${(x as number) - 30} ${y} q15 -10 30 0 q15 10 30 0" stroke="#ffffff" stroke-opacity="0.4" stroke-width="4" fill="none"/>`,
      )
      .join(''),
  stew: (c) =>
    `<rect x="-125" y="-30" width="250" height="120" rx="30" fill="#3b3b3b"/><ellipse cx="0" cy="-30" rx="125" ry="36" fill="#2a2a2a"/><ellipse cx="0" cy="-28" rx="110" ry="28" fill="${c}"/><rect x="-160" y="-20" width="40" height="20" rx="8" fill="#2a2a2a"/><rect x="120" y="-20" width="40" height="20" rx="8" fill="#2a2a2a"/><path d="M-60 -35 q20 -14 40 0 M10 -30 q20 -14 40 0" stroke="#f2e8cf" stroke-width="7" fill="none"/>${[-40, 10, 60].map((x) => `<path d="M${x} -80 q-14 -20 0 -40 q14 -20 0 -40" stroke="#ffffff" stroke-opacity="0.7" stroke-width="6" fill="none"/>`).join('')}`,
  soup: (c) =>
    `${bowl(c, `<ellipse cx="-30" cy="-8" rx="24" ry="6" fill="#ffffff" fill-opacity="0.6"/><path d="M20 -12 l40 4" stroke="#3f8f2f" stroke-width="6"/>`)}${[-40, 20].map((x) => `<path d="M${x} -50 q-14 -20 0 -40 q14 -20 0 -40" stroke="#ffffff" stroke-opacity="0.8" stroke-width="6" fill="none"/>`).join('')}`,
  tteokbokki: (c) =>
    `${plate()}<ellipse cx="0" cy="20" rx="100" ry="44" fill="${c}"/>${[
      [-50, 10, 20],
      [-10, 25, -15],
      [35, 5, 10],
      [55, 35, -25],
      [-35, 40, 5],
    ]
      .map(
        ([x, y, a]) =>
          `<rect x="${(x as number) - 26}" y="${(y as number) - 9}" width="52" height="18" rx="9" fill="#fbe3d5" transform="rotate(${a} ${x} ${y})"/>`,
      )
      .join('')}<path d="M-60 -10 l30 -8 M20 -14 l30 6" stroke="#3f8f2f" stroke-width="6"/>`,
  riceBowl: (c) =>
    bowl(
      c,
      `<path d="M-110 -10 Q-90 -60 -40 -55 Q0 -80 40 -55 Q90 -60 110 -10 Z" fill="#ffffff"/>${[-60, -20, 20, 60].map((x) => `<ellipse cx="${x}" cy="-38" rx="6" ry="3" fill="#d8d2c5"/>`).join('')}`,
    ),
  granola: (c) =>
    bowl(
      '#f6efe3',
      [-80, -50, -20, 10, 40, 70, -65, -35, -5, 25, 55]
        .map(
          (x, i) =>
            `<circle cx="${x}" cy="${i < 6 ? -12 : -28}" r="${10 + (i % 3) * 2}" fill="${i % 4 ? c : '#7a4e2d'}"/>`,
        )
        .join(''),
    ),
  sack: (c) =>
    `<path d="M-100 110 Q-120 0 -80 -60 L-40 -90 L40 -90 L80 -60 Q120 0 100 110 Z" fill="${c}"/><path d="M-50 -95 q50 -30 100 0" stroke="#8d6e4a" stroke-width="10" fill="none"/>${label(120, 0)}`,
  pouch: (c) =>
    `<path d="M-90 -110 L90 -110 L100 110 L-100 110 Z" fill="${c}"/><rect x="-90" y="-110" width="180" height="18" fill="#00000030"/>${label(130, 0)}<circle cx="0" cy="75" r="16" fill="#ffffff" fill-opacity="0.5"/>`,
  jar: (c) =>
    `<rect x="-85" y="-70" width="170" height="180" rx="30" fill="${c}"/><rect x="-95" y="-110" width="190" height="46" rx="10" fill="#6b4226"/>${hl(-50, -30, 16)}${label(130, 10)}`,
  crock: (c) =>
    `<path d="M-60 -90 L60 -90 Q140 -40 110 50 Q90 110 0 110 Q-90 110 -110 50 Q-140 -40 -60 -90 Z" fill="${c}"/><ellipse cx="0" cy="-92" rx="66" ry="16" fill="#4a2c1a"/><path d="M-100 10 q100 30 200 0" stroke="#ffffff" stroke-opacity="0.25" stroke-width="8" fill="none"/>`,
  bottle: (c) =>
    `<path d="M-22 -130 L22 -130 L22 -80 Q70 -60 70 -10 L70 110 Q70 120 60 120 L-60 120 Q-70 120 -70 110 L-70 -10 Q-70 -60 -22 -80 Z" fill="${c}"/><rect x="-26" y="-150" width="52" height="26" rx="6" fill="#444"/>${hl(-40, 0, 12)}${label(110, 30)}`,
  dropper: (c) =>
    `<rect x="-50" y="-40" width="100" height="150" rx="16" fill="${c}"/><rect x="-22" y="-80" width="44" height="44" rx="6" fill="#333"/><ellipse cx="0" cy="-100" rx="18" ry="26" fill="#222"/>${label(80, 20)}<circle cx="110" cy="60" r="16" fill="${c}" fill-opacity="0.7"/><path d="M110 30 q-20 25 0 46 q20 -21 0 -46" fill="${c}"/>`,
  jug: (c) =>
    `<path d="M-90 -80 L60 -80 L90 -50 L90 110 L-90 110 Z" fill="${c}"/><path d="M30 -80 L30 -130 L70 -130 L70 -80" fill="${c}"/><rect x="28" y="-150" width="46" height="26" rx="6" fill="#2f4858"/><path d="M-70 -70 q-40 40 0 80" stroke="${c}" stroke-width="20" fill="none"/>${label(130, 10)}`,
  pump: (c) =>
    `<rect x="-55" y="-60" width="110" height="170" rx="20" fill="${c}"/><rect x="-14" y="-100" width="28" height="40" fill="#333"/><rect x="-14" y="-110" width="60" height="16" rx="4" fill="#333"/>${hl(-30, -20, 10)}${label(84, 20)}`,
  box: (c) =>
    `<path d="M-110 -40 L0 -90 L110 -40 L0 10 Z" fill="#ffffff" fill-opacity="0.5"/><path d="M-110 -40 L0 10 L0 120 L-110 70 Z" fill="${c}"/><path d="M110 -40 L0 10 L0 120 L110 70 Z" fill="${c}" fill-opacity="0.75"/><path d="M-55 -15 L55 -65" stroke="#ffffff" stroke-width="14"/>`,
  gift: (c) =>
    `<rect x="-110" y="-50" width="220" height="160" rx="8" fill="${c}"/><rect x="-120" y="-80" width="240" height="40" rx="6" fill="${c}"/><rect x="-12" y="-80" width="24" height="190" fill="#f4d35e"/><path d="M0 -80 q-60 -50 -60 -10 q0 20 60 10 q60 10 60 -10 q0 -40 -60 10" fill="#f4d35e"/>`,
  teaBox: (c) =>
    `<rect x="-100" y="-80" width="150" height="190" rx="8" fill="${c}"/><rect x="-85" y="-30" width="120" height="60" rx="6" fill="#ffffff" fill-opacity="0.85"/><path d="M90 -120 L90 -20" stroke="#8d6e4a" stroke-width="3"/><rect x="60" y="-20" width="60" height="80" rx="8" fill="#f3e6c8"/><rect x="78" y="-128" width="24" height="18" fill="${c}"/>`,
  board: (c) =>
    `<g transform="rotate(-10)"><rect x="-140" y="-90" width="280" height="180" rx="24" fill="${c}"/><circle cx="105" cy="-55" r="14" fill="#ffffff" fill-opacity="0.7"/>${[-50, 0, 50].map((y) => `<path d="M-120 ${y} q120 ${y / 5 + 12} 240 0" stroke="#00000022" stroke-width="4" fill="none"/>`).join('')}</g>`,
  pan: (c) =>
    `<circle cx="-30" cy="0" r="105" fill="${c}"/><circle cx="-30" cy="0" r="85" fill="#ffffff" fill-opacity="0.12"/><rect x="70" y="-16" width="110" height="32" rx="14" fill="#3b2a20" transform="rotate(-15 70 0)"/>`,
  pot: (c) =>
    `<rect x="-115" y="-40" width="230" height="140" rx="22" fill="${c}"/><ellipse cx="0" cy="-42" rx="124" ry="26" fill="${c}"/><ellipse cx="0" cy="-60" rx="110" ry="22" fill="#d7dde3"/><rect x="-20" y="-92" width="40" height="18" rx="8" fill="#333"/><rect x="-160" y="-20" width="48" height="22" rx="8" fill="#333"/><rect x="112" y="-20" width="48" height="22" rx="8" fill="#333"/>${hl(-70, 10, 12)}`,
  kettle: (c) =>
    `<path d="M-80 110 L-70 -50 Q0 -90 70 -50 L80 110 Z" fill="${c}"/><path d="M-70 -20 L-140 -70" stroke="${c}" stroke-width="20" stroke-linecap="round"/><path d="M70 -30 q70 30 10 120" stroke="#333" stroke-width="18" fill="none"/><rect x="-20" y="-86" width="40" height="16" rx="6" fill="#333"/><rect x="-90" y="100" width="180" height="20" rx="6" fill="#333"/>`,
  spatulas: (c) =>
    [-60, 0, 60]
      .map(
        (x, i) =>
          `<g transform="translate(${x} 0) rotate(${(i - 1) * 10})"><rect x="-9" y="-20" width="18" height="140" rx="9" fill="${c}"/>${i === 1 ? `<ellipse cx="0" cy="-60" rx="32" ry="48" fill="${c}"/>` : `<rect x="-28" y="-120" width="56" height="100" rx="18" fill="${c}"/>`}</g>`,
      )
      .join(''),
  containers: (c) =>
    [
      [-60, 40],
      [70, 45],
      [0, -55],
    ]
      .map(
        ([x, y]) =>
          `<rect x="${(x as number) - 70}" y="${(y as number) - 35}" width="140" height="70" rx="10" fill="#dff3f7" fill-opacity="0.9" stroke="#9fc9d6" stroke-width="4"/><rect x="${(x as number) - 74}" y="${(y as number) - 45}" width="148" height="18" rx="6" fill="${c}"/>`,
      )
      .join(''),
  dripper: (c) =>
    `<path d="M-80 0 L-50 110 L50 110 L80 0 Z" fill="#e8f4f8" fill-opacity="0.9" stroke="#b8d8e0" stroke-width="4"/><path d="M-70 40 L-50 110 L50 110 L70 40 Z" fill="#5b3a29"/><path d="M-90 -10 L90 -10 L40 -100 L-40 -100 Z" fill="${c}"/><rect x="-100" y="-14" width="200" height="14" rx="6" fill="${c}"/><circle cx="0" cy="20" r="7" fill="#5b3a29"/>`,
  vacuum: (c) =>
    `<rect x="-12" y="-140" width="24" height="210" rx="10" fill="#888"/><rect x="-40" y="-150" width="80" height="90" rx="24" fill="${c}"/><rect x="-100" y="70" width="200" height="40" rx="16" fill="${c}"/><circle cx="0" cy="-105" r="14" fill="#ffffff" fill-opacity="0.6"/>`,
  airFryer: (c) =>
    `<rect x="-100" y="-110" width="200" height="220" rx="40" fill="${c}"/><rect x="-80" y="-10" width="160" height="100" rx="18" fill="#00000025"/><rect x="-30" y="20" width="60" height="18" rx="8" fill="#ffffff" fill-opacity="0.8"/><rect x="-40" y="-80" width="80" height="40" rx="8" fill="#222"/><rect x="-24" y="-66" width="48" height="12" rx="3" fill="#7fffd4"/>`,
  dehumidifier: (c) =>
    `<rect x="-85" y="-120" width="170" height="230" rx="24" fill="${c}"/>${[-80, -60, -40, -20].map((y) => `<rect x="-60" y="${y}" width="120" height="8" rx="4" fill="#00000025"/>`).join('')}<rect x="-60" y="30" width="120" height="60" rx="10" fill="#dff3f7"/><circle cx="0" cy="-100" r="8" fill="#43aa8b"/>`,
  fan: (c) =>
    `<circle cx="0" cy="-30" r="100" fill="#ffffff" fill-opacity="0.5" stroke="${c}" stroke-width="8"/>${[0, 120, 240].map((a) => `<ellipse cx="0" cy="-70" rx="26" ry="40" fill="${c}" transform="rotate(${a} 0 -30)"/>`).join('')}<circle cx="0" cy="-30" r="16" fill="#333"/><rect x="-8" y="70" width="16" height="40" fill="#555"/><ellipse cx="0" cy="115" rx="70" ry="14" fill="#555"/>`,
  tube: (c) =>
    [-45, 45]
      .map(
        (x, i) =>
          `<g transform="translate(${x} 0) rotate(${i ? 12 : -12})"><path d="M-42 -110 L42 -110 L36 80 L-36 80 Z" fill="${i ? '#ffffff' : c}"/><rect x="-20" y="80" width="40" height="34" rx="6" fill="${i ? c : '#ffffff'}"/><rect x="-26" y="-60" width="52" height="60" rx="6" fill="${i ? c : '#ffffff'}" fill-opacity="0.8"/></g>`,
      )
      .join(''),
  lipBalm: (c) =>
    [-70, 0, 70]
      .map(
        (x, i) =>
          `<rect x="${x - 24}" y="-40" width="48" height="130" rx="8" fill="${['#f7a1c4', c, '#ffd6a5'][i]}"/><rect x="${x - 24}" y="-90" width="48" height="50" rx="8" fill="#ffffff"/><rect x="${x - 24}" y="10" width="48" height="30" fill="#ffffff" fill-opacity="0.6"/>`,
      )
      .join(''),
  soap: (c) =>
    [
      [-60, 25],
      [60, 35],
      [0, -45],
    ]
      .map(
        ([x, y]) =>
          `<rect x="${(x as number) - 70}" y="${(y as number) - 38}" width="140" height="76" rx="28" fill="${c}"/><rect x="${(x as number) - 40}" y="${(y as number) - 10}" width="80" height="20" rx="10" fill="#ffffff" fill-opacity="0.35"/>`,
      )
      .join('') +
    [90, 110, -100]
      .map((x, i) => `<circle cx="${x}" cy="${-80 + i * 20}" r="${10 + i * 4}" fill="#ffffff" fill-opacity="0.7"/>`)
      .join(''),
  sponges: (c) =>
    [-70, 0, 70]
      .map(
        (x, i) =>
          `<g transform="rotate(${(i - 1) * 8} ${x} 0)"><rect x="${x - 32}" y="-90" width="64" height="180" rx="26" fill="${c}"/>${[-60, -30, 0, 30, 60].map((y) => `<path d="M${x - 26} ${y} q26 10 52 0" stroke="#7a6a3a" stroke-opacity="0.45" stroke-width="4" fill="none"/>`).join('')}</g>`,
      )
      .join(''),
  wraps: (c) =>
    [
      [-50, 30, -12, c],
      [40, 10, 10, '#f4d35e'],
      [0, -40, -4, '#7cc16b'],
    ]
      .map(
        ([x, y, a, f]) =>
          `<g transform="translate(${x} ${y}) rotate(${a})"><rect x="-80" y="-60" width="160" height="120" rx="6" fill="${f}"/>${[-30, 0, 30].map((d) => `<circle cx="${d}" cy="${d / 2}" r="9" fill="#ffffff" fill-opacity="0.5"/>`).join('')}</g>`,
      )
      .join(''),
  book: (c) =>
    `<rect x="-85" y="-120" width="180" height="240" rx="8" fill="#00000030"/><rect x="-95" y="-125" width="180" height="240" rx="8" fill="${c}"/><rect x="-95" y="-125" width="22" height="240" fill="#00000025"/><rect x="-55" y="-80" width="110" height="14" rx="6" fill="#ffffff" fill-opacity="0.85"/><rect x="-55" y="-55" width="80" height="10" rx="5" fill="#ffffff" fill-opacity="0.6"/><circle cx="-5" cy="40" r="36" fill="#ffffff" fill-opacity="0.35"/>`,
  books: (c) =>
    ['#e07a5f', c, '#81b29a', '#f2cc8f', '#3d405b']
      .map(
        (f, i) =>
          `<rect x="${-120 + i * 10}" y="${80 - i * 40}" width="${240 - i * 20}" height="38" rx="5" fill="${f}"/><rect x="${-100 + i * 10}" y="${94 - i * 40}" width="60" height="8" rx="4" fill="#ffffff" fill-opacity="0.6"/>`,
      )
      .join(''),
  flowers: (c) =>
    `${[-50, -20, 10, 40].map((x) => `<path d="M${x} -40 L0 110" stroke="#6b8f3a" stroke-width="6"/>`).join('')}${[
      [-60, -60, c],
      [-15, -90, '#f4d35e'],
      [30, -70, '#b5838d'],
      [55, -30, c],
      [-40, -20, '#f2cc8f'],
    ]
      .map(
        ([x, y, f]) =>
          `<circle cx="${x}" cy="${y}" r="26" fill="${f}"/><circle cx="${x}" cy="${y}" r="9" fill="#6b4226" fill-opacity="0.6"/>`,
      )
      .join('')}<rect x="-20" y="40" width="40" height="22" rx="4" fill="#c9a227"/>`,
  apron: (c) =>
    `<path d="M-60 -110 L60 -110 L60 -50 L110 -30 L100 120 L-100 120 L-110 -30 L-60 -50 Z" fill="${c}"/><path d="M-60 -110 q60 -50 120 0" stroke="#6b4226" stroke-width="6" fill="none"/><rect x="-50" y="20" width="100" height="60" rx="6" fill="#ffffff" fill-opacity="0.3"/>`,
  towels: (c) =>
    [60, 15, -30, -75]
      .map(
        (y, i) =>
          `<rect x="${-120 + i * 6}" y="${y}" width="${240 - i * 12}" height="42" rx="14" fill="${i % 2 ? '#ffffff' : c}"/><rect x="${-120 + i * 6}" y="${y + 28}" width="${240 - i * 12}" height="6" fill="#00000018"/>`,
      )
      .join(''),
  toothbrushes: (c) =>
    [-60, 0, 60]
      .map(
        (x, i) =>
          `<g transform="translate(${x} 0) rotate(${(i - 1) * 8})"><rect x="-10" y="-60" width="20" height="180" rx="10" fill="${c}"/><rect x="-14" y="-120" width="28" height="56" rx="6" fill="${['#8fd694', '#f4d35e', '#a0c4ff'][i]}"/></g>`,
      )
      .join(''),
  rack: (c) =>
    `<path d="M-130 110 L-40 -100 M130 110 L40 -100 M-40 -100 L40 -100 M-95 30 L95 30" stroke="${c}" stroke-width="10" stroke-linecap="round"/>${[
      [-50, '#a0c4ff'],
      [10, '#ffd6a5'],
      [60, '#caffbf'],
    ]
      .map(([x, f]) => `<rect x="${x}" y="30" width="40" height="70" rx="4" fill="${f}"/>`)
      .join('')}`,
  bags: (c) =>
    [
      [-60, 30, -8],
      [60, 20, 8],
      [0, -40, 0],
    ]
      .map(
        ([x, y, a]) =>
          `<g transform="translate(${x} ${y}) rotate(${a})"><rect x="-70" y="-60" width="140" height="120" rx="16" fill="${c}" fill-opacity="0.75"/><rect x="-70" y="-60" width="140" height="16" rx="6" fill="#333" fill-opacity="0.5"/></g>`,
      )
      .join(''),
  tshirt: (c) =>
    `<path d="M-50 -110 Q0 -80 50 -110 L130 -70 L105 -10 L75 -25 L75 110 L-75 110 L-75 -25 L-105 -10 L-130 -70 Z" fill="${c}"/><path d="M-50 -110 Q0 -70 50 -110" stroke="#00000030" stroke-width="6" fill="none"/>`,
  shirt: (c) =>
    `${motifs.tshirt?.(c) ?? ''}<path d="M-40 -108 L0 -60 L40 -108" stroke="#ffffff" stroke-width="10" fill="none"/><path d="M0 -60 L0 110" stroke="#00000030" stroke-width="4"/>${[-30, 10, 50, 90].map((y) => `<circle cx="10" cy="${y}" r="5" fill="#ffffff"/>`).join('')}`,
  cardigan: (c) =>
    `${motifs.tshirt?.(c).replace('L105 -10 L75 -25', 'L120 100 L90 105 L75 -25').replace('L-75 -25 L-105 -10', 'L-75 -25 L-90 105 L-120 100') ?? ''}<path d="M-45 -108 L0 10 L45 -108" stroke="#00000035" stroke-width="6" fill="none"/>${[30, 60, 90].map((y) => `<circle cx="0" cy="${y}" r="6" fill="#f2cc8f"/>`).join('')}`,
  vest: (c) =>
    `<path d="M-45 -110 Q0 -70 45 -110 L80 -80 L80 110 L-80 110 L-80 -80 Z" fill="${c}"/>${[-50, -10, 30, 70].map((y) => `<path d="M-80 ${y} L80 ${y}" stroke="#00000030" stroke-width="4"/>`).join('')}<path d="M0 -80 L0 110" stroke="#cccccc" stroke-width="6"/>`,
  pants: (c) =>
    `<path d="M-80 -110 L80 -110 L95 120 L20 120 L0 -20 L-20 120 L-95 120 Z" fill="${c}"/><rect x="-80" y="-110" width="160" height="22" fill="#00000030"/><path d="M-60 -70 q20 20 0 40 M60 -70 q-20 20 0 40" stroke="#f2cc8f" stroke-width="4" fill="none"/>`,
  socks: (c) =>
    [-55, 55]
      .map(
        (x, i) =>
          `<path d="M${x - 30} -110 L${x + 30} -110 L${x + 30} 40 Q${x + 30} 100 ${x - 30} 100 L${x - 70} 100 Q${x - 95} 70 ${x - 60} 50 L${x - 30} 40 Z" fill="${i ? '#f2cc8f' : c}"/><rect x="${x - 30}" y="-110" width="60" height="30" fill="#ffffff" fill-opacity="0.5"/>`,
      )
      .join(''),
  curtains: (c) =>
    `<rect x="-140" y="-125" width="280" height="10" rx="5" fill="#6b4226"/>${[-1, 1].map((s) => `<path d="M${s * 5} -115 L${s * 130} -115 L${s * 130} 120 Q${s * 70} 60 ${s * 5} 120 Z" fill="${c}"/>${[35, 70, 105].map((x) => `<path d="M${s * x} -110 L${s * x} 80" stroke="#00000018" stroke-width="5"/>`).join('')}`).join('')}`,
  lamp: (c) =>
    `<path d="M-80 -40 L-45 -130 L45 -130 L80 -40 Z" fill="${c}"/><rect x="-6" y="-40" width="12" height="130" fill="#6b4226"/><ellipse cx="0" cy="95" rx="60" ry="16" fill="#6b4226"/><ellipse cx="0" cy="-38" rx="80" ry="10" fill="#fff3b0" fill-opacity="0.8"/><circle cx="0" cy="0" r="110" fill="#fff3b0" fill-opacity="0.2"/>`,
  basket: (c) =>
    `<path d="M-120 -30 L120 -30 L95 110 L-95 110 Z" fill="${c}"/>${[0, 30, 60, 90].map((y) => `<path d="M-115 ${y - 10} L115 ${y - 10}" stroke="#00000030" stroke-width="5"/>`).join('')}${[-80, -40, 0, 40, 80].map((x) => `<path d="M${x} -30 L${x * 0.8} 110" stroke="#00000020" stroke-width="5"/>`).join('')}<path d="M-80 -30 Q0 -140 80 -30" stroke="${c}" stroke-width="12" fill="none"/>`,
  rug: (c) =>
    `<g transform="rotate(-8)"><rect x="-140" y="-90" width="280" height="180" rx="10" fill="${c}"/><rect x="-110" y="-60" width="220" height="120" rx="6" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6"/><path d="M-40 0 L0 -35 L40 0 L0 35 Z" fill="#ffffff" fill-opacity="0.5"/>${[-80, -40, 0, 40, 80].map((y) => `<path d="M-140 ${y / 2} l-14 0 M140 ${y / 2} l14 0" stroke="${c}" stroke-width="4"/>`).join('')}</g>`,
  giftFood: (c) => motifs.gift?.(c) ?? '',
};

/** Which motif draws a product, by words of its title; the first rule that matches wins. */
const rules: [RegExp, keyof typeof motifs, string][] = [
  [/방울토마토|토마토/, 'cherryTomatoes', '#e5383b'],
  [/사과/, 'apples', '#d62828'],
  [/감귤|귤/, 'apples', '#f77f00'],
  [/자몽/, 'drink', '#f4978e'],
  [/상추|배추/, 'leafy', '#6aaa64'],
  [/감자/, 'potatoes', '#c8a165'],
  [/애호박|호박/, 'zucchini', '#7fb23a'],
  [/딸기잼|잼/, 'jar', '#c1121f'],
  [/딸기/, 'strawberries', '#e63946'],
  [/표고|버섯/, 'mushrooms', '#8b5a2b'],
  [/식빵|슈톨렌/, 'loaf', '#d4a373'],
  [/바게트/, 'baguette', '#d9a05b'],
  [/스콘/, 'rolls', '#9caf68'],
  [/소금빵/, 'rolls', '#e0b36a'],
  [/육포/, 'jerky', '#7f2f1f'],
  [/등심/, 'steak', '#b23a48'],
  [/삼겹살/, 'porkBelly', '#f4a6a6'],
  [/떡갈비/, 'patties', '#7b4b2a'],
  [/불고기/, 'tteokbokki', '#7b3f1f'],
  [/고등어/, 'fish', '#4f7cac'],
  [/갈치/, 'fish', '#a9b4c2'],
  [/오징어/, 'squid', '#e9a07a'],
  [/전복/, 'shells', '#6c757d'],
  [/명란/, 'roe', '#f28482'],
  [/반찬/, 'sideDishes', '#9c6b4e'],
  [/김치찜|찌개/, 'stew', '#d1495b'],
  [/곰탕/, 'soup', '#f3ede2'],
  [/해장국/, 'soup', '#b5442b'],
  [/떡볶이/, 'tteokbokki', '#e63946'],
  [/현미밥|햇반/, 'riceBowl', '#e9e2d0'],
  [/현미|쌀/, 'sack', '#e9d8a6'],
  [/들기름|오일 30|동백/, 'dropper', '#d4a017'],
  [/꿀/, 'jar', '#f4a261'],
  [/된장/, 'crock', '#8c5a3c'],
  [/고춧가루/, 'pouch', '#c1121f'],
  [/그래놀라/, 'granola', '#d4a373'],
  [/누룽지|선물세트/, 'gift', '#bc6c25'],
  [/도마/, 'board', '#d4a373'],
  [/무쇠|프라이팬|팬 2/, 'pan', '#343a40'],
  [/수세미/, 'sponges', '#e9d8a6'],
  [/밀랍/, 'wraps', '#f4a261'],
  [/비누/, 'soap', '#e9edc9'],
  [/텃밭/, 'book', '#6a994e'],
  [/그림책/, 'books', '#457b9d'],
  [/경제학|레시피|산책|가이드/, 'book', '#6d597a'],
  [/스와그|꽃/, 'flowers', '#e5989b'],
  [/앞치마/, 'apron', '#8d6e4a'],
  [/수건/, 'towels', '#90e0ef'],
  [/칫솔/, 'toothbrushes', '#c9a227'],
  [/세제/, 'jug', '#4ea8de'],
  [/건조대/, 'rack', '#8d99ae'],
  [/지퍼백/, 'bags', '#48cae4'],
  [/티셔츠/, 'tshirt', '#f1faee'],
  [/셔츠/, 'shirt', '#d6c7a1'],
  [/데님|팬츠/, 'pants', '#3a5a89'],
  [/가디건/, 'cardigan', '#a26769'],
  [/조끼|패딩/, 'vest', '#2b2d42'],
  [/양말/, 'socks', '#577590'],
  [/냄비/, 'pot', '#adb5bd'],
  [/주걱/, 'spatulas', '#c68b59'],
  [/밀폐/, 'containers', '#2a9d8f'],
  [/드립/, 'dripper', '#f4f1de'],
  [/청소기/, 'vacuum', '#43aa8b'],
  [/주전자/, 'kettle', '#ced4da'],
  [/에어프라이어/, 'airFryer', '#f8f9fa'],
  [/제습기/, 'dehumidifier', '#e9ecef'],
  [/선풍기/, 'fan', '#4cc9f0'],
  [/클렌징|선크림/, 'tube', '#ffb4a2'],
  [/크림/, 'jar', '#b7e4c7'],
  [/립 밤/, 'lipBalm', '#e5989b'],
  [/에센스|방향제/, 'pump', '#cdb4db'],
  [/커튼/, 'curtains', '#e9d8a6'],
  [/조명|스탠드/, 'lamp', '#ffd166'],
  [/라탄|바구니/, 'basket', '#c9a227'],
  [/러그/, 'rug', '#b5838d'],
  [/계란/, 'eggs', '#f6ead8'],
  [/견과/, 'nuts', '#b08968'],
  [/콜드브루/, 'bottle', '#3d2b1f'],
  [/보리차|티백/, 'teaBox', '#bc6c25'],
];

export interface MotifChoice {
  motif: string;
  colour: string;
}

/** The motif that draws a product or post about `subject`, or null when no rule knows it. */
export function motifFor(subject: string): MotifChoice | null {
  const rule = rules.find(([pattern]) => pattern.test(subject));
  return rule ? { motif: rule[1], colour: rule[2] } : null;
}

/** The shapes of a motif, centred on (0, 0) and about 260 px across (an SVG fragment). */
export function drawMotif(choice: MotifChoice): string {
  return (motifs[choice.motif] ?? motifs.gift)?.(choice.colour) ?? '';
}

/** A pale version of a colour, for backgrounds. */
function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const mix = (v: number) => Math.round(v + (255 - v) * amount);
  return `#${[n >> 16, (n >> 8) & 255, n & 255].map((v) => mix(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Roughly how wide a text is, in ems (Hangul a full em, Latin and digits about half). */
function ems(text: string): number {
  return [...text].reduce(
    (w, ch) => w + (/[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af]/.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.58),
    0,
  );
}

/** The largest font size (up to `max`) at which `text` fits in `width`. */
export function fitFont(text: string, width: number, max: number): number {
  return Math.max(12, Math.min(max, Math.floor(width / Math.max(1, ems(text)))));
}

export interface ProductArt {
  title: string;
  /** The seller's business name, as the product card shows it. */
  merchant: string;
  /** The category's colour (background). */
  colour: string;
  /** 0 for the main picture; 1 and 2 are closer, turned views for the carousel. */
  variant: number;
}

/** The SVG of a demo product picture: the product drawn as shapes, its name, its seller. */
export function productArtSvg({ title, merchant, colour, variant }: ProductArt, size = 480): string {
  const choice = motifFor(title) ?? { motif: 'gift', colour };
  const scale = [1, 1.2, 0.95][variant % 3] ?? 1;
  const turn = [0, -10, 8][variant % 3] ?? 0;
  const titleSize = fitFont(title, 430, 32);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 480 480">
  <defs><radialGradient id="g" cx="${[50, 30, 70][variant % 3]}%" cy="35%" r="75%">
    <stop offset="0" stop-color="${tint(colour, 0.82)}"/><stop offset="1" stop-color="${tint(colour, 0.45)}"/>
  </radialGradient></defs>
  <rect width="480" height="480" fill="url(#g)"/>
  <circle cx="${[400, 80, 420][variant % 3]}" cy="70" r="90" fill="#ffffff" fill-opacity="0.25"/>
  <ellipse cx="240" cy="312" rx="150" ry="22" fill="#000000" fill-opacity="0.12"/>
  <g transform="translate(240 182) rotate(${turn}) scale(${scale * 0.95})">${drawMotif(choice)}</g>
  <rect y="356" width="480" height="124" fill="#ffffff" fill-opacity="0.93"/>
  <text x="240" y="${404 + (32 - titleSize) / 3}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="#222222" text-anchor="middle">${escapeXml(title)}</text>
  <text x="240" y="448" font-family="${FONT}" font-size="20" fill="#555555" text-anchor="middle">${escapeXml(merchant)}</text>
</svg>`;
}

/** Renders an SVG once and encodes it as JPEG at full size and as a 240 px thumbnail. */
export async function renderJpeg(svg: string, thumbnail = 240, quality = 82) {
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const image = sharp(data, { raw: info });
  const [display, thumb] = await Promise.all([
    image.clone().jpeg({ quality }).toBuffer(),
    image
      .clone()
      .resize(thumbnail, thumbnail)
      .jpeg({ quality: quality - 4 })
      .toBuffer(),
  ]);
  return { display, thumbnail: thumb, width: info.width, height: info.height };
}

/** A demo product picture in the display and thumbnail sizes (JPEG: it encodes several times faster than WebP). */
export function drawProductPicture(art: ProductArt) {
  return renderJpeg(productArtSvg(art));
}

export interface PostArt {
  title: string;
  /** The author's business name. */
  author: string;
  /** What the post is about (a product title or a subject word the motifs know). */
  subject: string;
  colour: string;
}

/** The SVG of a demo post picture: what the post is about, drawn, with its title and author. */
export function postArtSvg({ title, author, subject, colour }: PostArt): string {
  const choice = motifFor(subject) ?? motifFor(title) ?? { motif: 'gift', colour };
  const titleSize = fitFont(title, 580, 36);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
  <rect width="640" height="480" fill="${tint(colour, 0.55)}"/>
  <circle cx="540" cy="80" r="120" fill="#ffffff" fill-opacity="0.22"/>
  <circle cx="90" cy="330" r="70" fill="#ffffff" fill-opacity="0.15"/>
  <ellipse cx="320" cy="300" rx="170" ry="24" fill="#000000" fill-opacity="0.12"/>
  <g transform="translate(320 175) scale(0.9)">${drawMotif(choice)}</g>
  <rect y="352" width="640" height="128" fill="#000000" fill-opacity="0.55"/>
  <text x="320" y="${404 + (36 - titleSize) / 3}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(title)}</text>
  <text x="320" y="450" font-family="${FONT}" font-size="22" fill="#f1f1f1" text-anchor="middle">${escapeXml(author)}</text>
</svg>`;
}

/** A demo post picture (WebP, 640x480). */
export function drawPostPicture(art: PostArt): Promise<Buffer> {
  return sharp(Buffer.from(postArtSvg(art)))
    .webp({ quality: 70 })
    .toBuffer();
}

/** The motif of a product, drawn on a plate: the middle of a buyer's photo of what arrived. */
export function motifOnPlate(title: string, fallbackColour: string): string {
  const choice = motifFor(title) ?? { motif: 'gift', colour: fallbackColour };
  return `<g transform="translate(320 320) scale(0.7)">${drawMotif(choice)}</g>`;
}

/** The texts an SVG draws (its `<text>` elements, unescaped): what a test reads back. */
export function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] ?? '').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
  );
}
