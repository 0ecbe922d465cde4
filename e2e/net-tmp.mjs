import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
const css = [];
page.on('request', (r) => {
  if (r.url().endsWith('.css')) css.push(r.url().split('/').pop());
});
await page.goto(`http://farm.localhost:3111${process.argv[2]}`, { waitUntil: 'networkidle' });
console.log('css requests', css);
console.log(
  await page.evaluate(() =>
    [...document.styleSheets].map(
      (s) =>
        (s.href?.split('/').pop() ?? 'inline:' + s.ownerNode?.dataset?.href?.split('/').pop()) +
        (s.disabled ? '(disabled)' : ''),
    ),
  ),
);
await browser.close();
