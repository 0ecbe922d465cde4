import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});
for (const path of process.argv.slice(2)) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__shifts.push({
          v: e.value.toFixed(4),
          t: Math.round(e.startTime),
          src: e.sources.map(
            (s) =>
              `${s.node?.nodeName}.${s.node?.className} ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`,
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`http://farm.localhost:3111${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  console.log(path, JSON.stringify(await page.evaluate(() => window.__shifts)));
  await context.close();
}
await browser.close();
