import { existsSync } from 'node:fs';
import type { BrowserContextOptions, Page } from '@playwright/test';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium (or E2E_CHROMIUM): Playwright's own browser download is never used. */
export function chromiumPath(): string | null {
  const fromEnv = process.env.E2E_CHROMIUM ?? process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** The flags this machine kind needs: no sandbox as root, and no background network calls. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through e2e/run.ts (npm run test:e2e)');
  return url;
};

export const DESKTOP_VIEWPORT = { width: 1366, height: 900 };
export const DESKTOP: BrowserContextOptions = { viewport: DESKTOP_VIEWPORT };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** Waits until React has hydrated the page (root.tsx sets html[data-hydrated]); SSR HTML alone ignores clicks. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * How many CSS pixels the page scrolls sideways. Measured against the layout viewport
 * (`clientWidth`): with `isMobile` (PHONE) Chromium widens `innerWidth` to fit content that is too
 * wide, so `scrollWidth - innerWidth` reads 0 exactly when the page overflows.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
