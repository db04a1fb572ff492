import type { LegalPage } from '@shop/contracts/content';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { translateRichText } from '../../lib/rich-text';
import { findActivePage, findActivePageSlugs } from './pages.repository';

/**
 * The reference's slug for the return policy, which our route table calls /return-policy. A Map,
 * so a slug such as "__proto__" finds nothing instead of Object.prototype.
 */
const SLUG_ALIASES = new Map([['return-and-refund-policy', 'return-policy']]);

export class PagesService {
  constructor(private readonly deps: CoreDeps) {}

  /** Every active page's slug and kind, oldest first (the sitemap's pages). */
  activeSlugs() {
    return findActivePageSlugs(this.deps.database.db);
  }

  /** The page's title and text in `locale` when translated, else in English. */
  async page(slug: string, locale: string): Promise<LegalPage> {
    const row = await findActivePage(this.deps.database.db, SLUG_ALIASES.get(slug) ?? slug);
    if (!row) throw notFound(msg('Page not found.'));
    return translateRichText(row, locale);
  }
}
