import { chromium } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
const base = 'http://127.0.0.1:3300';
const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const post = async (path, body, cookie) => {
  const res = await fetch(base + path, { method: 'POST', headers: { ...XHR, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(path + ' ' + res.status + ' ' + (await res.text()));
  return res;
};
let login = await post('/api/operator/login', { phone: 'admin@example.com', password: 'password' });
import fs from 'node:fs';
const SECRET = '/tmp/shots/secret.txt';
const codeOf = (secret) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
let cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
if (fs.existsSync(SECRET)) {
  const token = (await login.json()).data.two_step.token;
  login = await post('/api/login/two-step', { token, code: codeOf(fs.readFileSync(SECRET, 'utf8')) });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
} else {
  const setup = await (await post('/api/two-step/setup', {}, cookie)).json();
  fs.writeFileSync(SECRET, setup.data.secret);
  await post('/api/two-step/enable', { code: codeOf(setup.data.secret) }, cookie);
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const paths = process.argv.slice(2);
for (const [locale, vp, tag] of [['en', { width: 1280, height: 900 }, 'en-desktop'], ['ar', { width: 390, height: 844 }, 'ar-phone']]) {
  const ctx = await browser.newContext({ viewport: vp });
  const [name, value] = cookie.split('=');
  await ctx.addCookies([{ name, value, url: base }, { name: 'locale', value: locale, url: base }]);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  for (const p of paths) {
    const [path, click] = p.split('#');
    await page.goto(base + path);
    await page.waitForTimeout(1200);
    if (click) { await page.getByRole('main').getByRole('button').first().click(); await page.waitForTimeout(800); }
    const file = `/tmp/shots/${p.replace(/[\/?=&]/g, '_')}-${tag}.png`;
    await page.screenshot({ path: file, fullPage: !click });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(file, 'overflow', overflow);
  }
  await ctx.close();
}
await browser.close();
