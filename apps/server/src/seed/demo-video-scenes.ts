import { drawMotif } from './demo-art.js';

/**
 * The demo videos: short vertical clips (540x960) of the place or the product a demo post is about,
 * drawn as a still background with moving layers on top (ffmpeg's overlay filter moves them along
 * expressions of the time `t`), and captioned with the post's author and subject.
 */

/** A drawn layer; `x` and `y` are ffmpeg expressions of t (seconds), W and H (frame), w and h (layer). */
export interface SceneLayer {
  /** SVG content in a `w` x `h` box. */
  svg: string;
  w: number;
  h: number;
  x: string;
  y: string;
}

export interface DemoScene {
  /** Stable name, written into the clip's metadata (`demo-scene:<key>`). */
  key: string;
  tenant: 'farm' | 'mall';
  /** The producer (demo-catalogue key) whose post shows the clip; the caption names it. */
  author: string;
  /** What the clip shows, the caption's second line. */
  caption: string;
  fileName: string;
  /** The colour of the frame's top-left corner (sky or wall), never covered by a moving layer. */
  backdrop: string;
  /** SVG content of the still background, 540x960. */
  background: string;
  /** Drawn over the background in order; later layers cover earlier ones. */
  layers: SceneLayer[];
}

export const SCENE_WIDTH = 540;
export const SCENE_HEIGHT = 960;
/**
 * The caption band, near the top: the bottom of a short is under the app's own overlay (author,
 * title, buttons). The top-left corner above it stays the scene's backdrop.
 */
export const CAPTION_TOP = 60;
export const CAPTION_HEIGHT = 170;

const full = (svg: string): SceneLayer => ({ svg, w: SCENE_WIDTH, h: SCENE_HEIGHT, x: '0', y: '0' });
const motif = (name: string, colour: string, size: number, x: string, y: string): SceneLayer => ({
  svg: `<g transform="translate(${size / 2} ${size / 2}) scale(${size / 300})">${drawMotif({ motif: name, colour })}</g>`,
  w: size,
  h: size,
  x,
  y,
});
const drop = (colour: string, x: number, offset: number, speed: number, span: number, top: number): SceneLayer => ({
  svg: `<path d="M6 0 Q12 14 12 22 A6 6 0 0 1 0 22 Q0 14 6 0 Z" fill="${colour}"/>`,
  w: 12,
  h: 30,
  x: String(x),
  y: `${top}+mod(t*${speed}+${offset},${span})`,
});
const wisp = (x: number, offset: number, bottom: number): SceneLayer => ({
  svg: '<path d="M20 118 q-18 -20 0 -40 q18 -20 0 -40 q-18 -20 0 -36" stroke="#ffffff" stroke-opacity="0.75" stroke-width="7" fill="none" stroke-linecap="round"/>',
  w: 40,
  h: 120,
  x: `${x}+6*sin(3*t+${offset})`,
  y: `${bottom}-mod(t*70+${offset * 40},110)`,
});
const bird = (x0: number, y0: number, speed: number): SceneLayer => ({
  svg: '<path d="M2 14 Q14 0 26 14 Q38 0 50 14" stroke="#3d405b" stroke-width="4" fill="none" stroke-linecap="round"/>',
  w: 52,
  h: 20,
  x: `${x0}+${speed}*t`,
  y: `${y0}+8*sin(4*t)`,
});

/** Rows of a field seen in perspective, from the horizon at `top` to the bottom of the frame. */
function fieldRows(top: number, soil: string, crop: string, plant: (x: number, y: number, s: number) => string) {
  const vx = 270;
  let rows = '';
  for (let i = -5; i <= 5; i++) {
    const xb = vx + i * 120;
    rows += `<path d="M${vx + i * 8} ${top} L${xb - 22} ${SCENE_HEIGHT} L${xb + 22} ${SCENE_HEIGHT} L${vx + i * 8 + 2} ${top} Z" fill="${soil}"/>`;
  }
  let plants = '';
  for (let k = 0; k < 6; k++) {
    const f = (k + 1) / 7;
    const y = top + (SCENE_HEIGHT - top) * f * f;
    for (let i = -4; i <= 4; i++) {
      const x = vx + i * (8 + 112 * f * f) + 60 * f * f;
      plants += plant(x, y, 0.25 + f * 0.9);
    }
  }
  return `<rect y="${top}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - top}" fill="${crop}"/>${rows}${plants}`;
}

const bush = (colour: string) => (x: number, y: number, s: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="${26 * s}" ry="${16 * s}" fill="${colour}"/>`;
const pepperBush = (x: number, y: number, s: number) =>
  `${bush('#40916c')(x, y, s)}<path d="M${x - 6 * s} ${y} q${-3 * s} ${14 * s} ${4 * s} ${20 * s}" stroke="#d62828" stroke-width="${6 * s}" fill="none" stroke-linecap="round"/><path d="M${x + 10 * s} ${y - 2 * s} q${3 * s} ${12 * s} ${-3 * s} ${18 * s}" stroke="#e85d04" stroke-width="${5 * s}" fill="none" stroke-linecap="round"/>`;
const lettuceHead = (x: number, y: number, s: number) =>
  `<circle cx="${x}" cy="${y}" r="${20 * s}" fill="#74c69d"/><circle cx="${x}" cy="${y - 3 * s}" r="${11 * s}" fill="#b7e4c7"/>`;
const tiles = (colour: string, line: string, from: number, to: number) => {
  let g = `<rect y="${from}" width="${SCENE_WIDTH}" height="${to - from}" fill="${colour}"/>`;
  for (let x = 90; x < SCENE_WIDTH; x += 90)
    g += `<rect x="${x}" y="${from}" width="3" height="${to - from}" fill="${line}"/>`;
  for (let y = from + 90; y < to; y += 90) g += `<rect y="${y}" width="${SCENE_WIDTH}" height="3" fill="${line}"/>`;
  return g;
};
const table = (top: number, colour: string) =>
  `<rect y="${top}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - top}" fill="${colour}"/><rect y="${top}" width="${SCENE_WIDTH}" height="14" fill="#ffffff" fill-opacity="0.18"/>`;

export const demoScenes: DemoScene[] = [
  {
    key: 'sunrise-field',
    tenant: 'farm',
    author: 'demo',
    caption: '새벽 밭 일기',
    fileName: '새벽 밭 일기.mp4',
    backdrop: '#ffd6a5',
    background: `<rect width="540" height="960" fill="#ffd6a5"/><rect y="260" width="540" height="260" fill="#ffe5c4"/>`,
    layers: [
      {
        svg: '<circle cx="110" cy="110" r="108" fill="#ffd166" fill-opacity="0.35"/><circle cx="110" cy="110" r="78" fill="#ffb703"/>',
        w: 220,
        h: 220,
        x: '250',
        y: '430-50*t',
      },
      bird(-60, 270, 80),
      bird(-160, 320, 95),
      full(
        `<path d="M0 500 Q140 430 280 490 Q420 440 540 480 L540 560 L0 560 Z" fill="#90be6d"/>${fieldRows(540, '#7f5539', '#6a994e', bush('#52b788'))}`,
      ),
    ],
  },
  {
    key: 'rain-peppers',
    tenant: 'farm',
    author: 'demo',
    caption: '비 온 뒤 고추밭',
    fileName: '비 온 뒤 고추밭.mp4',
    backdrop: '#a9bcd0',
    background: `<rect width="540" height="960" fill="#a9bcd0"/><ellipse cx="120" cy="150" rx="150" ry="55" fill="#8da9c4"/><ellipse cx="420" cy="110" rx="170" ry="60" fill="#8da9c4"/>${fieldRows(470, '#6f4e37', '#2d6a4f', pepperBush)}`,
    layers: [
      ...[40, 110, 170, 240, 300, 360, 430, 490, 75, 395].map((x, i) => drop('#e0f0ff', x, i * 97, 820, 700, -30)),
      {
        svg: `<g transform="translate(90 90) scale(2.6)">${pepperBush(0, 0, 1)}</g>`,
        w: 180,
        h: 160,
        x: '60+6*sin(3*t)',
        y: '560',
      },
    ],
  },
  {
    key: 'misty-lettuce',
    tenant: 'farm',
    author: 'sunny',
    caption: '안개 속 상추 수확',
    fileName: '안개 속 상추 수확.mp4',
    backdrop: '#dde5e0',
    background: `<rect width="540" height="960" fill="#dde5e0"/><path d="M0 430 Q270 380 540 430 L540 480 L0 480 Z" fill="#b7c9bd"/>${fieldRows(470, '#7f5539', '#95d5b2', lettuceHead)}`,
    layers: [
      motif('leafy', '#52b788', 150, '60+70*min(t,3)', '560-190*sin(PI*min(t,3)/3)'),
      full(
        '<path d="M330 600 L510 600 L490 700 L350 700 Z" fill="#bc8a5f"/><path d="M330 600 L510 600" stroke="#8b5e34" stroke-width="10"/><path d="M350 630 L490 630 M352 660 L488 660" stroke="#8b5e34" stroke-width="5"/>',
      ),
      {
        svg: '<ellipse cx="350" cy="60" rx="350" ry="55" fill="#ffffff" fill-opacity="0.55"/>',
        w: 700,
        h: 120,
        x: '-260+45*t',
        y: '330',
      },
      {
        svg: '<ellipse cx="300" cy="50" rx="300" ry="45" fill="#ffffff" fill-opacity="0.45"/>',
        w: 600,
        h: 100,
        x: '60-50*t',
        y: '470',
      },
    ],
  },
  {
    key: 'bread-oven',
    tenant: 'farm',
    author: 'bakery',
    caption: '우리밀 식빵 굽는 아침',
    fileName: '우리밀 식빵 굽는 아침.mp4',
    backdrop: '#f3d9b1',
    background: `<rect width="540" height="960" fill="#f3d9b1"/><rect x="150" y="240" width="240" height="220" rx="20" fill="#3d2b1f"/><rect x="180" y="280" width="180" height="130" rx="12" fill="#e85d04"/><rect x="180" y="280" width="180" height="130" rx="12" fill="#ffba08" fill-opacity="0.45"/>${table(640, '#8d5524')}`,
    layers: [
      motif('loaf', '#d4a373', 170, '185', 'min(500,270+120*t)'),
      wisp(210, 0, 510),
      wisp(270, 1.5, 510),
      wisp(320, 3, 510),
    ],
  },
  {
    key: 'steak-pan',
    tenant: 'farm',
    author: 'butcher',
    caption: '집에서 스테이크 굽기',
    fileName: '집에서 스테이크 굽기.mp4',
    backdrop: '#e9ecef',
    background: `${tiles('#e9ecef', '#ced4da', 0, 520)}<rect y="520" width="540" height="440" fill="#495057"/><circle cx="270" cy="440" r="170" fill="#212529"/><circle cx="270" cy="440" r="150" fill="#343a40"/><rect x="430" y="420" width="120" height="40" rx="14" fill="#212529"/>`,
    layers: [
      {
        svg: `<g transform="translate(110 80) scale(0.9)"><path d="M-95 10 Q-100 -70 -10 -75 Q90 -80 100 -10 Q105 60 10 70 Q-90 75 -95 10 Z" fill="#8c2f39"/><path d="M-60 -30 q40 20 80 -10 M-50 20 q50 -10 100 10" stroke="#f5e6d8" stroke-opacity="0.8" stroke-width="5" fill="none"/></g>`,
        w: 220,
        h: 160,
        x: '160',
        y: '360+4*sin(9*t)',
      },
      ...[170, 230, 300, 360, 200, 330].map((x, i) => ({
        svg: '<circle cx="8" cy="8" r="7" fill="#ffd166" fill-opacity="0.8"/>',
        w: 16,
        h: 16,
        x: String(x),
        y: `${500 + (i % 2) * 20}-mod(t*70+${i * 13},60)`,
      })),
      wisp(200, 0, 330),
      wisp(300, 2, 330),
    ],
  },
  {
    key: 'dawn-harbour',
    tenant: 'farm',
    author: 'fish',
    caption: '새벽 주문진 경매장',
    fileName: '새벽 주문진 경매장.mp4',
    backdrop: '#274c77',
    background: `<rect width="540" height="960" fill="#274c77"/><rect y="240" width="540" height="180" fill="#6096ba"/><rect y="360" width="540" height="60" fill="#f6bd60" fill-opacity="0.6"/><rect y="420" width="540" height="540" fill="#1d3557"/><rect x="0" y="600" width="200" height="40" fill="#7f5539"/><rect x="20" y="640" width="16" height="80" fill="#7f5539"/><rect x="160" y="640" width="16" height="80" fill="#7f5539"/>`,
    layers: [
      {
        svg: '<path d="M10 60 L190 60 L160 100 L40 100 Z" fill="#e63946"/><rect x="80" y="20" width="60" height="40" fill="#f1faee"/><rect x="104" y="-0" width="8" height="22" fill="#f1faee"/>',
        w: 200,
        h: 100,
        x: '230+20*t',
        y: '360+8*sin(2.5*t)',
      },
      motif('fish', '#a8dadc', 110, '300+60*t', '470-190*abs(sin(1.3*t))'),
      {
        svg: Array.from(
          { length: 8 },
          (_, i) =>
            `<path d="M${i * 90} 20 q22 -18 45 0 q22 18 45 0" stroke="#a8dadc" stroke-opacity="0.6" stroke-width="5" fill="none"/>`,
        ).join(''),
        w: 720,
        h: 40,
        x: '-90+30*sin(1.5*t)',
        y: '520',
      },
      bird(-60, 150, 110),
    ],
  },
  {
    key: 'kimchi-jar',
    tenant: 'farm',
    author: 'banchan',
    caption: '할머니 김장 비법',
    fileName: '할머니 김장 비법.mp4',
    backdrop: '#fdf0d5',
    background: `<rect width="540" height="960" fill="#fdf0d5"/>${table(600, '#c9ada7')}<ellipse cx="270" cy="380" rx="130" ry="30" fill="#4a2c1a"/>`,
    layers: [
      ...[
        [190, 0],
        [280, 170],
        [230, 330],
      ].map(([x, offset]) => ({
        svg: '<path d="M40 0 Q80 20 70 90 Q40 110 10 90 Q0 20 40 0 Z" fill="#f1faee"/><path d="M40 0 Q80 20 70 90 Q55 60 40 0" fill="#d62828" fill-opacity="0.8"/><path d="M40 0 Q10 10 14 50" stroke="#95d5b2" stroke-width="12" fill="none"/>',
        w: 80,
        h: 110,
        x: String(x),
        y: `mod(t*240+${offset},480)-120`,
      })),
      full(
        '<path d="M140 380 L400 380 Q500 470 460 580 Q430 660 270 660 Q110 660 80 580 Q40 470 140 380 Z" fill="#8c5a3c"/><path d="M90 520 Q270 570 450 520" stroke="#ffffff" stroke-opacity="0.2" stroke-width="12" fill="none"/><ellipse cx="270" cy="380" rx="132" ry="14" fill="#6b4226"/>',
      ),
    ],
  },
  {
    key: 'egg-carton',
    tenant: 'mall',
    author: 'demo',
    caption: '무항생제 계란이 들어왔어요',
    fileName: '무항생제 계란 입고.mp4',
    backdrop: '#e7f1ff',
    background: `<rect width="540" height="960" fill="#e7f1ff"/><rect x="40" y="260" width="200" height="150" rx="12" fill="#ffffff"/><path d="M40 370 Q100 310 140 350 Q180 300 240 360 L240 410 L40 410 Z" fill="#95d5b2"/><circle cx="190" cy="300" r="22" fill="#ffd166"/>${table(580, '#bfd7ff')}<rect x="250" y="520" width="260" height="30" rx="6" fill="#c9b79c"/>`,
    layers: [
      ...[0, 0.9, 1.8].map((lag, i) => ({
        svg: '<ellipse cx="30" cy="38" rx="27" ry="35" fill="#f6ead8" stroke="#e0cfb1" stroke-width="3"/><ellipse cx="20" cy="24" rx="7" ry="10" fill="#ffffff" fill-opacity="0.6"/>',
        w: 60,
        h: 76,
        x: `min(${280 + i * 70},-60+170*max(0,t-${lag}))`,
        y: `500-36*abs(sin(6*max(0,t-${lag})))`,
      })),
      full(
        `<path d="M250 545 L510 545 L500 600 L260 600 Z" fill="#d6c4a8"/>${[290, 360, 430].map((x) => `<path d="M${x - 28} 545 Q${x} 590 ${x + 28} 545" fill="#c9b79c"/>`).join('')}<rect x="330" y="640" width="120" height="40" rx="8" fill="#ffffff" fill-opacity="0.8"/><rect x="345" y="652" width="90" height="8" rx="4" fill="#2f80ed"/>`,
      ),
    ],
  },
  {
    key: 'bathroom-bubbles',
    tenant: 'mall',
    author: 'living',
    caption: '욕실 물기 닦기',
    fileName: '욕실 물기 닦기.mp4',
    backdrop: '#d8f3f0',
    background: `${tiles('#d8f3f0', '#b2dfdb', 0, 600)}<rect y="560" width="540" height="400" fill="#ffffff"/><rect y="560" width="540" height="20" fill="#e0e0e0"/><rect x="400" y="240" width="14" height="140" fill="#adb5bd"/><ellipse cx="380" cy="390" rx="50" ry="16" fill="#adb5bd"/>`,
    layers: [
      ...[80, 150, 230, 320, 420, 470].map((x, i) => ({
        svg: '<circle cx="22" cy="22" r="20" fill="#ffffff" fill-opacity="0.55" stroke="#ffffff" stroke-width="3"/><circle cx="15" cy="14" r="5" fill="#ffffff"/>',
        w: 44,
        h: 44,
        x: `${x}+10*sin(2*t+${i})`,
        y: `640-mod(t*130+${i * 90},560)`,
      })),
      {
        svg: '<rect x="0" y="0" width="160" height="26" rx="8" fill="#1b4f9c"/><rect x="70" y="26" width="20" height="90" rx="8" fill="#2f80ed"/>',
        w: 160,
        h: 116,
        x: '40+300*abs(sin(0.8*t))',
        y: '420',
      },
    ],
  },
  {
    key: 'linen-shirts',
    tenant: 'mall',
    author: 'cotton',
    caption: '린넨 셔츠 베이지·네이비',
    fileName: '린넨 셔츠 입고.mp4',
    backdrop: '#f5efe6',
    background: `<rect width="540" height="960" fill="#f5efe6"/><rect x="20" y="280" width="500" height="12" rx="6" fill="#6c757d"/><rect x="30" y="280" width="10" height="480" fill="#6c757d"/><rect x="500" y="280" width="10" height="480" fill="#6c757d"/>${table(760, '#d5bdaf')}`,
    layers: ['#d6c7a1', '#1d3557', '#d6c7a1', '#1d3557', '#d6c7a1'].map((colour, i) => ({
      svg: `<path d="M90 8 q0 -14 14 -8" stroke="#495057" stroke-width="5" fill="none"/><path d="M60 28 L120 28 L90 8 Z" fill="none" stroke="#495057" stroke-width="4"/><g transform="translate(90 150) scale(0.62)">${drawMotif({ motif: 'shirt', colour })}</g>`,
      w: 180,
      h: 240,
      x: `mod(${i * 130}+35*t,650)-150`,
      y: '280',
    })),
  },
  {
    key: 'bookshop-reading',
    tenant: 'mall',
    author: 'books',
    caption: '책방 낭독회',
    fileName: '책방 낭독회.mp4',
    backdrop: '#f0e6d2',
    background: `<rect width="540" height="960" fill="#f0e6d2"/>${[230, 370, 510]
      .map(
        (y) =>
          `<rect x="20" y="${y + 100}" width="500" height="12" fill="#8d5524"/>${Array.from({ length: 14 }, (_, i) => `<rect x="${30 + i * 34}" y="${y + 100 - (70 + ((i * 17) % 30))}" width="28" height="${70 + ((i * 17) % 30)}" fill="${['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#6d597a'][i % 5]}"/>`).join('')}`,
      )
      .join('')}${table(640, '#a47148')}`,
    layers: [
      ...[0, 1, 2, 3].map((i) => ({
        svg: `<path d="M14 4 L14 30" stroke="#3d405b" stroke-width="4"/><ellipse cx="8" cy="30" rx="9" ry="7" fill="#3d405b"/><path d="M14 4 q10 4 12 14" stroke="#3d405b" stroke-width="4" fill="none"/>`,
        w: 30,
        h: 40,
        x: `${190 + i * 45}+14*sin(2*t+${i})`,
        y: `600-mod(t*90+${i * 70},320)`,
      })),
      {
        svg: '<path d="M10 20 Q80 0 150 20 L150 90 Q80 70 10 90 Z" fill="#ffffff"/><path d="M150 20 Q220 0 290 20 L290 90 Q220 70 150 90 Z" fill="#f8f9fa"/><path d="M150 20 L150 90" stroke="#adb5bd" stroke-width="3"/><path d="M40 40 L120 32 M40 56 L120 48 M180 32 L260 40 M180 48 L260 56" stroke="#ced4da" stroke-width="4"/>',
        w: 300,
        h: 100,
        x: '120',
        y: '620+3*sin(2*t)',
      },
    ],
  },
  {
    key: 'coffee-drip',
    tenant: 'mall',
    author: 'kitchen',
    caption: '핸드드립 커피 내리기',
    fileName: '핸드드립 커피 내리기.mp4',
    backdrop: '#efe3d3',
    background: `<rect width="540" height="960" fill="#efe3d3"/><rect x="180" y="420" width="180" height="220" rx="24" fill="#e8f4f8"/>`,
    layers: [
      {
        svg: '<rect width="180" height="260" fill="#6f4518"/>',
        w: 180,
        h: 260,
        x: '180',
        y: '600-28*t',
      },
      full(
        `<path d="M180 420 L360 420 L360 640 L180 640 Z" fill="none" stroke="#9fc9d6" stroke-width="8"/>${table(640, '#7f5539')}<rect x="0" y="0" width="180" height="640" fill="#efe3d3"/><rect x="360" y="0" width="180" height="640" fill="#efe3d3"/><rect x="180" y="0" width="180" height="420" fill="#efe3d3"/><path d="M190 300 L350 300 L300 400 L240 400 Z" fill="#f4f1de"/><rect x="176" y="292" width="188" height="16" rx="6" fill="#e9e2c8"/><path d="M210 300 L250 380" stroke="#00000018" stroke-width="6"/>`,
      ),
      ...[0, 35, 70].map((offset) => drop('#6f4518', 264, offset, 220, 105, 395)),
      wisp(230, 0, 430),
    ],
  },
  {
    key: 'cream-drops',
    tenant: 'mall',
    author: 'beauty',
    caption: '환절기 보습 루틴',
    fileName: '환절기 보습 루틴.mp4',
    backdrop: '#fde2e4',
    background: `<rect width="540" height="960" fill="#fde2e4"/>${table(620, '#fad2e1')}<ellipse cx="130" cy="580" rx="70" ry="22" fill="#95d5b2"/><ellipse cx="420" cy="590" rx="60" ry="20" fill="#95d5b2"/>`,
    layers: [
      ...[0, 140, 260].map((offset, i) => drop('#74c0fc', 230 + i * 40, offset, 200, 130, 240)),
      motif('jar', '#b7e4c7', 260, '140', '360'),
      ...[
        [90, 280],
        [420, 330],
        [380, 250],
      ].map(([x, y], i) => ({
        svg: '<path d="M20 0 L25 15 L40 20 L25 25 L20 40 L15 25 L0 20 L15 15 Z" fill="#ffffff"/>',
        w: 40,
        h: 40,
        x: String(x),
        y: `${y}+12*sin(3*t+${i * 2})`,
      })),
    ],
  },
];
