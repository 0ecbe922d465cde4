import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles/global.css';
import { readBootData } from './lib/boot';
import { afterFirstScreen } from './lib/first-screen';

// A page the server rendered (decision 022) shows its first screen before any of the app's code
// runs: the app (React and the rest, ./start) and the screen's chunks are fetched and run once that
// screen is loaded and painted, so on a slow phone they never compete with its pictures or hold
// its paint. Otherwise there is nothing to show without the app, which starts at once.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
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
const { modules } = readBootData();
if (modules && document.getElementById('root')?.firstElementChild) {
  afterFirstScreen(() => {
    // All of the screen's chunks at once (not one import after another), in one change to the page.
    const links = document.createDocumentFragment();
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    void start();
  });
} else void start();
