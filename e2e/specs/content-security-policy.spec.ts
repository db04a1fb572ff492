import { baseUrl, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';

/**
 * The Content-Security-Policy. That the shop's own pages log no violation is checked
 * on every page of every spec (support/fixtures.ts); this spec checks the policy itself.
 */

const nonceOf = (policy: string | null) => /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(policy ?? '')?.[1];

test.describe('Content-Security-Policy', () => {
  test('every page rendered names a new nonce, and every script and module preload of the page carries it', async () => {
    const nonces = new Set<string>();
    // A signed-in visitor's page is rendered for each request (a session cookie, even one that
    // names no session, keeps the page cache out); so is a page not found.
    const signedIn = { cookie: 'session=not-a-session' };
    for (const [path, headers] of [
      ['/', signedIn],
      ['/', signedIn],
      ['/products', signedIn],
      ['/no/such/page', {}],
    ] as const) {
      const res = await fetch(`${baseUrl()}${path}`, { headers });
      const nonce = nonceOf(res.headers.get('content-security-policy'));
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
      const html = await res.text();
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(1);
      expect(preloads.length, path).toBeGreaterThan(1);
      for (const tag of [...scripts, ...preloads]) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
  });

  test('a page kept for visitors without a session is served with the nonce its scripts carry, and hydrates', async ({
    openPage,
  }) => {
    // Kept (decision 0030): the same page, so the same nonce, in the header and on every script.
    // (Other specs write to the catalogue meanwhile, which drops the page: a few tries.)
    let nonce: string | undefined;
    let html = '';
    for (let attempt = 0; attempt < 5 && nonce === undefined; attempt++) {
      const first = await fetch(`${baseUrl()}/products?per_page=12`);
      await first.arrayBuffer();
      const again = await fetch(`${baseUrl()}/products?per_page=12`);
      const kept = nonceOf(again.headers.get('content-security-policy'));
      html = await again.text();
      if (kept === nonceOf(first.headers.get('content-security-policy'))) nonce = kept;
    }
    expect(nonce).toBeDefined();
    for (const tag of (html.match(/<script\b[^>]*>/g) ?? []).filter((t) => !t.includes('application/ld+json'))) {
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    // A browser runs it: the page hydrates and logs no violation (support/fixtures.ts checks).
    const { page } = await openPage('/products?per_page=12');
    await waitForHydration(page);
  });

  test('a script or handler that reaches the HTML of a page does not run', async ({ openPage, cspViolations }) => {
    // What unescaped text (a review, a chat message) could put into a page, as the server sent it:
    // the page's own reply, its policy header included, with the markup added.
    const injected =
      '<script>window.injected = "script"</script>' +
      '<script nonce="guessed">window.injected = "guessed nonce"</script>' +
      '<img src="/no-such-image.png" onerror="window.injected = \'handler\'">';
    const { page } = await openPage('/blogs');
    await page.route('**/products', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('</body>', `${injected}</body>`);
      expect(body).toContain(injected);
      await route.fulfill({ response, body });
    });
    await page.goto('/products');
    await waitForHydration(page);
    // The page's own scripts ran (it hydrated); none of the added ones did.
    expect(await page.evaluate(() => (window as unknown as { injected?: string }).injected)).toBeUndefined();
    // Chromium reports each as a violation: they were blocked, not skipped. Taken out, as provoked here.
    await expect.poll(() => cspViolations.length).toBeGreaterThanOrEqual(3);
    const provoked = cspViolations.splice(0);
    expect(provoked.every((v) => v.includes('/products'))).toBe(true);
  });

  test('a query that reaches the page cannot add a script to it', async ({ newContext }) => {
    const context = await newContext();
    const page = await context.newPage();
    const payload = '</script><script>window.fromQuery = true</script><img src=x onerror="window.fromQuery = true">';
    await page.goto(`/search?q=${encodeURIComponent(payload)}`);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { fromQuery?: boolean }).fromQuery)).toBeUndefined();
  });

  test('the API answers with a policy that loads nothing, and Swagger UI still works under its own', async ({
    newContext,
  }) => {
    const res = await fetch(`${baseUrl()}/api/master`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const context = await newContext();
    const page = await context.newPage();
    const docs = await page.goto('/api/docs');
    expect(docs?.status()).toBe(200);
    // Swagger UI renders the document it fetched: the title and the operations.
    await expect(page.getByRole('heading', { name: /Storefront API/ })).toBeVisible();
    await expect(page.locator('.opblock').first()).toBeVisible();
  });
});
