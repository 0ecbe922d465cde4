import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles/global.css';
import { readBootData } from './lib/boot';
import { afterFirstScreen, nextTask } from './lib/first-screen';
import { readItem, storageKeys } from './lib/storage';

// A page the server rendered (decision 022) shows its first screen before any of the app's code
// runs: the app (React and the rest, ./start) and the screen's chunks are fetched and run once that
// screen is loaded and painted, so on a slow phone they never compete with its pictures or hold
// its paint. Otherwise there is nothing to show without the app, which starts at once.
const start = async () => {
  try {
    // React's DOM renderer, the largest library, is evaluated in a task of its own, so no single
    // task keeps a slow phone from answering a tap for long. (Only whole packages whose exports the
    // app uses all: a package imported this way keeps all its code.)
    await import('react-dom/client');
    await nextTask();
    await import('./start');
  } catch (err) {
    console.error('[start] the app could not load', err);
  }
};
/** Hints per task: a phone spends about 1 ms per `modulepreload` link it starts fetching. */
const HINTS_PER_TASK = 8;
// The first read of local storage (which holds the session, start.tsx) waits for the browser's own
// process to hand it over, up to 40 ms on a busy phone: done now, before the first paint, rather
// than in the middle of the app's start.
readItem(storageKeys.token);
const { modules } = readBootData();
if (modules && document.getElementById('root')?.firstElementChild) {
  afterFirstScreen(async () => {
    // All of the screen's chunks at once (not one import after another), a few hints per task;
    // the first hints are the app's own, which starts loading with them.
    for (let i = 0; i < modules.length; i += HINTS_PER_TASK) {
      const links = document.createDocumentFragment();
      for (const href of modules.slice(i, i + HINTS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        links.append(link);
      }
      document.head.append(links);
      if (i === 0) void start();
      await nextTask();
    }
  });
} else void start();
