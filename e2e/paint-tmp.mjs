import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});
for (const js of [false, true, true, true]) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto(`http://farm.localhost:3111${process.argv[2]}`, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paint = Object.fromEntries(
      performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]),
    );
    const res = performance
      .getEntriesByType('resource')
      .filter((r) => /index-.*\.js|\.woff2/.test(r.name))
      .map((r) => `${r.name.split('/').pop().slice(0, 20)} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`);
    return { resp: Math.round(nav.responseEnd), dcl: Math.round(nav.domContentLoadedEventEnd), paint, res };
  });
  console.log(js, JSON.stringify(t));
  await context.close();
}
await browser.close();
