import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string | null {
  const fromEnv = process.env.E2E_CHROMIUM ?? process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** The flags this machine kind needs: no sandbox as root, and no background network calls. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium found');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through e2e/run.ts');
  return url;
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** Opens a page and fails the test on any uncaught page error or console error. */
export async function openPage(
  browser: Browser,
  pathname: string,
  options: BrowserContextOptions = DESKTOP,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  const { page, errors } = await openPageIn(context, pathname);
  return { page, errors, close: () => context.close() };
}

/** Opens a page in an existing context (sharing its cookies), collecting page and console errors. */
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

/** Waits until React has hydrated the page (root.tsx sets html[data-hydrated]); SSR HTML alone ignores clicks. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
