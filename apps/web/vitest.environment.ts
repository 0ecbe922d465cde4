import { builtinEnvironments, type Environment } from 'vitest/environments';

/**
 * jsdom that keeps Node's AbortController and AbortSignal. React Router's data router hands the
 * signal to a fetch `Request`, and the fetch of Node 24 accepts only its own AbortSignal, so with
 * jsdom's every navigation failed (vitest-dev/vitest#8374). The app uses signals only for fetch.
 */
const jsdomWithNodeAbort: Environment = {
  ...builtinEnvironments.jsdom,
  name: 'jsdom-node-abort',
  async setup(global, options) {
    const { AbortController, AbortSignal } = global;
    const environment = await builtinEnvironments.jsdom.setup(global, options);
    Object.assign(global, { AbortController, AbortSignal });
    return environment;
  },
};
export default jsdomWithNodeAbort;
