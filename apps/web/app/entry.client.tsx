import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { keepStrings, type Translations } from './lib/i18n-strings';

/**
 * React Router's default browser entry, after one step: a page in a language other than English
 * names its interface strings' address (`<html data-strings>`, preloaded in the head) instead of
 * carrying them, and they must be here before hydration so the first render matches the server's.
 * If they cannot be loaded the page still hydrates (its texts fall back to English).
 */
async function loadStrings(): Promise<void> {
  const root = document.documentElement;
  const href = root.dataset.strings;
  // No address: the page was rendered without strings (English has none), and so it hydrates.
  if (!href) return keepStrings(root.lang, {});
  try {
    // Same request as the preload (same address, mode and credentials), so the browser reuses it.
    const reply = await fetch(href, { credentials: 'same-origin' });
    if (reply.ok) keepStrings(root.lang, (await reply.json()) as Translations);
  } catch {
    // Offline or refused: hydrate without them.
  }
}

void loadStrings().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
