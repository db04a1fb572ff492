import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Script payloads for the XSS specs (texts sellers and the operator type that shoppers read), and
 * the checks that a page rendered them as text: nothing ran, nothing became markup.
 */

/** Each payload sets `window.__xss` to its own marker if it ever runs. */
export const PAYLOADS = {
  script: `<script>window.__xss='script'</script>`,
  img: `<img src=x onerror="window.__xss='img'">`,
  svg: `<svg onload="window.__xss='svg'">`,
  href: `<a href="javascript:window.__xss='href'">link</a>`,
  iframe: `"><iframe srcdoc="<script>parent.__xss='iframe'</script>">`,
  style: `<style>@import 'x'</style>`,
  template: `{{constructor.constructor('window.__xss="template"')()}}`,
  attr: `" onmouseover="window.__xss='attr'`,
  singleAttr: `' onfocus='window.__xss="single"' autofocus='`,
  title: `'></title><script>window.__xss='title'</script>`,
  details: `<details open ontoggle="window.__xss='details'">`,
};
export const ALL = Object.values(PAYLOADS).join(' ');

/**
 * Dialogs and uncaught errors of every page of the context: a dialog is dismissed and noted; any
 * of either fails the test (a text that broke a page's script would show as an error).
 */
export function watchDialogs(context: BrowserContext): string[] {
  const noted: string[] = [];
  context.on('dialog', (dialog) => {
    noted.push(`${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  context.on('weberror', (error) => noted.push(`uncaught: ${error.error().message}`));
  return noted;
}

/**
 * Hovers and focuses what shows a payload (the elements whose text holds a marker, and links
 * around them), then checks nothing ran and nothing became markup: no marker set, no dialog, no
 * script the page did not send itself (every one of the page's own carries its nonce), no `on…`
 * attribute anywhere, no `javascript:` URL, no frame or embedded object, no stylesheet import.
 */
export async function expectInert(page: Page, dialogs: string[], where: string) {
  const shown = page.getByText('__xss').filter({ visible: true });
  const count = Math.min(await shown.count(), 12);
  for (let i = 0; i < count; i++) {
    const element = shown.nth(i);
    await element.hover({ timeout: 2_000 }).catch(() => undefined);
    await element
      .evaluate((el) => (el.closest('a,button,[tabindex]') as HTMLElement | null)?.focus(), undefined, {
        timeout: 2_000,
      })
      .catch(() => undefined);
  }
  const links = page.locator('a').filter({ hasText: '__xss' }).filter({ visible: true });
  for (let i = 0; i < Math.min(await links.count(), 6); i++) await links.nth(i).focus();
  // A handler that fired would run within a task or two (an image error needs its failed load).
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const w = window as { __xss?: unknown };
    if (w.__xss !== undefined) problems.push(`window.__xss = ${String(w.__xss)}`);
    for (const script of Array.from(document.scripts)) {
      if (script.type === 'application/ld+json') {
        try {
          JSON.parse(script.textContent ?? '');
        } catch {
          problems.push(`structured data that is not JSON: ${script.textContent?.slice(0, 80)}`);
        }
      } else if (!script.nonce) {
        problems.push(`a script without the page's nonce: ${script.outerHTML.slice(0, 80)}`);
      }
    }
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`<${element.localName} ${name}="${attribute.value.slice(0, 60)}">`);
        if (name === 'srcdoc') problems.push(`<${element.localName} srcdoc>`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name) &&
          /^\s*javascript:/i.test(attribute.value)
        )
          problems.push(`<${element.localName} ${name}="${attribute.value.slice(0, 60)}">`);
      }
    }
    for (const frame of Array.from(document.querySelectorAll('iframe, frame, object, embed'))) {
      problems.push(`<${frame.localName}> ${frame.outerHTML.slice(0, 80)}`);
    }
    for (const style of Array.from(document.querySelectorAll('style'))) {
      if (style.textContent?.includes('@import')) problems.push(`<style>${style.textContent.slice(0, 60)}`);
    }
    return problems;
  });
  expect(found, `${where}: nothing typed became markup or ran`).toEqual([]);
  expect(dialogs, `${where}: no dialog opened, no uncaught error`).toEqual([]);
}
