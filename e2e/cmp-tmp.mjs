import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1'],
});
const [path, sel] = process.argv.slice(2);
for (const js of [false, true]) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto(`http://farm.localhost:3111${path}`, { waitUntil: 'networkidle' });
  const info = await page.evaluate((sel) => {
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      const cs = getComputedStyle(el);
      out.push(
        `${el.tagName}.${el.className} h=${Math.round(el.getBoundingClientRect().height)} pad=${cs.padding} margin=${cs.margin} minh=${cs.minHeight} disp=${cs.display} gap=${cs.gap}`,
      );
    }
    return {
      out,
      sheets: [...document.styleSheets].map(
        (s) => s.href?.split('/').pop() ?? s.ownerNode?.dataset?.href?.split('/').pop() ?? 'inline',
      ),
    };
  }, sel);
  console.log(js, JSON.stringify(info, null, 1));
  await context.close();
}
await browser.close();
