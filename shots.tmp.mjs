import { chromium } from '@playwright/test';
const [shop, ...paths] = process.argv.slice(2);
const auth = await fetch('http://127.0.0.1:6750/api/auth/authenticate', { method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant-id': shop, 'x-client-ip': '203.0.113.77' }, body: JSON.stringify({ userName: `demo@${shop}.example`, password: 'Demo-Passw0rd!' }) });
const { accessToken } = await auth.json();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const width of [320, 1366]) {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
    await context.addCookies([{ name: 'accessToken', value: accessToken, url: `http://${shop}.localhost:5750/`, httpOnly: true }, { name: 'theme', value: theme, url: `http://${shop}.localhost:5750/` }]);
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`http://${shop}.localhost:5750${path}`);
      await page.waitForTimeout(800);
      const name = `/tmp/shot-${shop}-${path.replace(/\W+/g, '_')}-${width}-${theme}.png`;
      await page.screenshot({ path: name, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      console.log(name, overflow ? 'OVERFLOW' : 'ok');
    }
    await context.close();
  }
}
await browser.close();
