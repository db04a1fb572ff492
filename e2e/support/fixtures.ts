import { type BrowserContext, type BrowserContextOptions, test as base, expect, type Page } from '@playwright/test';
import { DESKTOP, waitForHydration } from './browser';

/**
 * The `test` every spec imports. Each browser context a test opens (its own `context`, or
 * `newContext` / `openPage`) is watched: any Content-Security-Policy violation a page logs fails
 * the test, so the shop's own pages are checked on every page the tier visits.
 */
export interface OpenedPage {
  page: Page;
  /** Uncaught page errors and console errors, for the specs that assert none. */
  errors: string[];
  close: () => Promise<void>;
}

interface Fixtures {
  /** A new context with the shop's address (desktop unless told), watched, closed after the test. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** A page in a new context of its own, hydrated, collecting its errors. */
  openPage: (pathname: string, options?: BrowserContextOptions) => Promise<OpenedPage>;
  /**
   * The CSP violations of this test's pages; the test fails at its end unless this is empty. The
   * spec that provokes violations on purpose takes its own out (`splice`).
   */
  cspViolations: string[];
}

interface WorkerFixtures {
  /** Violations reported outside a test (a `beforeAll` page): they fail the worker. */
  strayCspViolations: string[];
}

let currentSink: string[] | null = null;
const stray: string[] = [];

const CSP_MESSAGE = /Content Security Policy|^CSP violation/;

/** Reports CSP violations of every page of the context, whether or not Chromium also logs them. */
export async function watchContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (CSP_MESSAGE.test(message.text())) (currentSink ?? stray).push(`${page.url()}: ${message.text()}`);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/** Opens a page in a context (sharing its cookies), collecting page and console errors, and waits for hydration. */
export async function openPageIn(context: BrowserContext, pathname: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(pathname);
  await waitForHydration(page);
  return { page, errors };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  strayCspViolations: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(stray);
      expect(stray, 'CSP violations outside a test').toEqual([]);
    },
    { scope: 'worker', auto: true },
  ],
  cspViolations: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const found: string[] = [];
      currentSink = found;
      await use(found);
      currentSink = null;
      expect(found, 'the shop logs no CSP violation').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    await watchContext(context);
    await use(context);
  },
  newContext: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, ...DESKTOP, ...options });
      await watchContext(context);
      contexts.push(context);
      return context;
    });
    for (const context of contexts) await context.close();
  },
  openPage: async ({ newContext }, use) => {
    await use(async (pathname, options) => {
      const context = await newContext(options);
      const { page, errors } = await openPageIn(context, pathname);
      return { page, errors, close: () => context.close() };
    });
  },
});

export { expect };
