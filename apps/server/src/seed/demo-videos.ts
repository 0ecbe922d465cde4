import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { demoBusinessName } from '../modules/catalogue/demo-catalogue.js';
import { ffmpegPath } from '../modules/content/post-media.js';
import { fitFont } from './demo-art.js';
import {
  CAPTION_HEIGHT,
  CAPTION_TOP,
  type DemoScene,
  demoScenes,
  SCENE_HEIGHT,
  SCENE_WIDTH,
} from './demo-video-scenes.js';

export interface DemoClip {
  scene: string;
  mp4: Buffer;
  /** A frame from the middle of the clip (JPEG), caption included. */
  poster: Buffer;
  fileName: string;
  /** The caption drawn on the clip (author, then subject), or null when no Korean font was found. */
  caption: string | null;
}

/** Seconds per clip, frames per second: short, so that the seed stays quick. */
export const CLIP_SECONDS = 4;
const FPS = 24;
const POSTER_FRAME = 36;

const fontCandidates = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc',
];

let font: string | null | undefined;
/**
 * A font file with Hangul for the captions (Noto Sans CJK, Debian's fonts-noto-cjk), or null.
 * fontconfig answers some font for any name, so its answer counts only when it is a CJK one.
 */
export function captionFont(): string | null {
  if (font !== undefined) return font;
  font = fontCandidates.find((path) => existsSync(path)) ?? null;
  if (!font) {
    try {
      const found = spawnSync('fc-match', ['-f', '%{file}', 'Noto Sans CJK KR:bold'], {
        encoding: 'utf8',
        timeout: 5000,
      });
      const file = found.status === 0 ? found.stdout.trim() : '';
      font = /CJK/i.test(file) && existsSync(file) ? file : null;
    } catch {
      font = null;
    }
  }
  return font;
}

const svgOf = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;

function run(bin: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(bin, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/** The ffmpeg arguments that draw a scene (inputs and filters); the caption files are `captionFiles`. */
function sceneArgs(
  scene: DemoScene,
  files: string[],
  captionFiles: [string, string] | null,
  fontFile: string | null,
  subjectSize: number,
) {
  // Each layer is decoded and converted once, then repeated by the loop filter (not re-read per frame).
  const inputs = files.flatMap((file) => ['-framerate', String(FPS), '-i', file]);
  const frames = CLIP_SECONDS * FPS;
  const steps = [`[0:v]format=yuv420p,loop=loop=${frames}:size=1:start=0,trim=end_frame=${frames}[l]`];
  let last = 'l';
  scene.layers.forEach((layer, i) => {
    steps.push(`[${i + 1}:v]format=yuva420p,loop=loop=${frames}:size=1:start=0[s${i}]`);
    steps.push(`[${last}][s${i}]overlay=x='${layer.x}':y='${layer.y}':eval=frame:shortest=1[l${i}]`);
    last = `l${i}`;
  });
  let chain = `[${last}]null`;
  if (captionFiles && fontFile) {
    const [author, subject] = captionFiles;
    const fade = `alpha='min(1,t/0.5)'`;
    chain +=
      `,drawbox=x=0:y=${CAPTION_TOP}:w=iw:h=${CAPTION_HEIGHT}:color=black@0.45:t=fill` +
      `,drawtext=fontfile='${fontFile}':textfile='${author}':fontsize=30:fontcolor=white:x=(w-text_w)/2:y=${CAPTION_TOP + 26}:${fade}` +
      `,drawtext=fontfile='${fontFile}':textfile='${subject}':fontsize=${subjectSize}:fontcolor=white:x=(w-text_w)/2:y=${CAPTION_TOP + 80}:${fade}`;
  }
  steps.push(`${chain},split=2[video][still]`, `[still]select='eq(n,${POSTER_FRAME})'[poster]`);
  return [...inputs, '-filter_complex', steps.join(';')];
}

/** Renders one scene: its layers drawn by sharp, moved and captioned by ffmpeg into an H.264 clip. */
async function renderScene(bin: string, scene: DemoScene, fontFile: string | null): Promise<DemoClip | null> {
  const dir = await mkdtemp(join(tmpdir(), 'demo-scene-'));
  try {
    const drawn = [
      svgOf(SCENE_WIDTH, SCENE_HEIGHT, scene.background),
      ...scene.layers.map((l) => svgOf(l.w, l.h, l.svg)),
    ];
    const files = await Promise.all(
      drawn.map(async (svg, i) => {
        const file = join(dir, `layer-${i}.png`);
        await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toFile(file);
        return file;
      }),
    );
    const author = demoBusinessName(scene.tenant, scene.author);
    let captionFiles: [string, string] | null = null;
    if (fontFile) {
      captionFiles = [join(dir, 'author.txt'), join(dir, 'subject.txt')];
      await writeFile(captionFiles[0], author);
      await writeFile(captionFiles[1], scene.caption);
    }
    const caption = captionFiles ? `${author} · ${scene.caption}` : null;
    const [mp4Path, posterPath] = [join(dir, 'clip.mp4'), join(dir, 'poster.jpg')];
    const ok = await run(bin, [
      ...sceneArgs(scene, files, captionFiles, fontFile, fitFont(scene.caption, SCENE_WIDTH - 60, 46)),
      ...['-map', '[video]', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', '-metadata', `comment=demo-scene:${scene.key}`],
      ...(caption ? ['-metadata', `title=${caption}`] : []),
      mp4Path,
      ...['-map', '[poster]', '-frames:v', '1', '-q:v', '4', posterPath],
    ]);
    if (!ok) return null;
    return {
      scene: scene.key,
      mp4: await readFile(mp4Path),
      poster: await readFile(posterPath),
      fileName: scene.fileName,
      caption,
    };
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

let clips: Promise<Map<string, DemoClip>> | undefined;
/**
 * The demo clips by scene key, rendered once per process (a few child processes at a time) and
 * shared by every tenant. Calling it early lets ffmpeg work while the rest of the seed runs.
 * Without ffmpeg there are none; without a Korean font they have no caption (and a warning says so).
 */
export function demoClips(log?: FastifyBaseLogger): Promise<Map<string, DemoClip>> {
  if (!clips) {
    const bin = ffmpegPath();
    const fontFile = captionFont();
    if (!bin) log?.warn('demo videos skipped: ffmpeg (@ffmpeg-installer/ffmpeg) is not installed');
    else if (!fontFile) {
      log?.warn('demo videos have no captions: no Korean font found (install fonts-noto-cjk for Noto Sans CJK KR)');
    }
    clips = bin
      ? pooled(demoScenes, Math.max(2, availableParallelism()), (scene) => renderScene(bin, scene, fontFile)).then(
          (list) => new Map(list.filter((c): c is DemoClip => c !== null).map((c) => [c.scene, c])),
        )
      : Promise.resolve(new Map());
  }
  return clips;
}
