import { afterEach } from 'vitest';
import { checkOpenedPages } from './browser';

// Every journey ends with no unexpected page error, console error or failed request on any page
// it opened (support/browser.ts, openPage).
afterEach(() => checkOpenedPages());
