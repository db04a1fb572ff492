import http from 'node:http';
import { baseUrl } from '../support/browser';
import { expect, test } from '../support/fixtures';

/**
 * Pages stream as they render. A reader that goes away mid-page (a visitor closing the tab, a
 * proxy giving up) must stop that page's rendering and nothing else: an error event on the page's
 * stream with no listener ended the whole process once (found by the bench at 50 connections).
 */
test('visitors leaving while their pages stream do not stop the server', async () => {
  test.setTimeout(90_000);
  const url = new URL(baseUrl());
  // A session cookie keeps the page cache out: every request is rendered and streamed.
  const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip', cookie: 'session=not-a-session' };
  const paths = ['/', '/products', '/categories', '/shops'];
  for (let round = 0; round < 3; round++) {
    // Twenty pages in flight for two seconds, each asked again as soon as it ends...
    const open = new Set<http.ClientRequest>();
    let stopping = false;
    // Pages whose answer began (status and the first bytes): on a slow machine twenty renders at
    // once may not finish one within the window, and a page need not end to be streaming.
    let answered = 0;
    const ask = (i: number) => {
      if (stopping) return;
      const req = http.get({ host: url.hostname, port: url.port, path: paths[i % paths.length], headers }, (res) => {
        answered++;
        res.resume();
        res.on('end', () => {
          open.delete(req);
          ask(i + 1);
        });
      });
      req.on('error', () => open.delete(req));
      open.add(req);
    };
    for (let i = 0; i < 20; i++) ask(i);
    await new Promise((resolve) => setTimeout(resolve, 2000 + round * 300));
    // ...then every reader goes away at once, whatever its page is doing.
    stopping = true;
    for (const req of open) req.destroy();
    expect(answered).toBeGreaterThan(0);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const health = await fetch(`${baseUrl()}/api/health`);
  expect(health.status).toBe(200);
  const page = await fetch(`${baseUrl()}/`, { headers: { cookie: 'session=not-a-session' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('</html>');
});
