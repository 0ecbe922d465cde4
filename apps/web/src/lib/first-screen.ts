/** The longest the app waits for the first screen before it starts anyway (a slow image). */
export const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Runs `run` once the server-rendered first screen is on the screen: after the page's load event
 * (its stylesheets and first pictures are in) and the frame that paints it, so the app's code,
 * evaluated then, never holds that paint back on a slow phone. Runs after `waitMs` at the latest,
 * and without waiting for a frame in a hidden tab (which paints none).
 */
export function afterFirstScreen(run: () => void, waitMs = FIRST_SCREEN_WAIT_MS): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(cap);
    run();
  };
  const cap = setTimeout(go, waitMs);
  const painted = () => {
    if (document.visibilityState === 'hidden') go();
    // A task queued from the frame's callback runs once that frame has been painted.
    else requestAnimationFrame(() => setTimeout(go, 0));
  };
  if (document.readyState === 'complete') painted();
  else window.addEventListener('load', painted, { once: true });
}

type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so that work split by it never makes one long task on a slow phone
 * (input and painting get their turn in between). `scheduler.yield` where the browser has it,
 * otherwise a message to itself; unlike a timer, neither waits a second in a background tab.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
