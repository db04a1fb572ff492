import type { OperatorPage, PageInputParsed, PagesQueryParsed } from '@shop/contracts/operator-content';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { conflict, FieldErrors, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import { cleanRichTexts } from '../../lib/rich-text';
import { freeSlug, slugTakenMeanwhile } from '../../lib/slug';
import {
  deletePage,
  findAdminPage,
  findAdminPages,
  insertPage,
  isPageSlugTaken,
  type PageRow,
  type PageValues,
  updatePage,
} from './pages-admin.repository';

export const PAGE_NOT_FOUND = msg('Page not found.');
const PAGE_SIZE = 20;

const toPage = (row: PageRow): OperatorPage => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  description: row.description,
  kind: row.kind,
  is_active: row.isActive,
  translations: row.translations,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
/** What the audit log keeps of a page. */
const fields = ({ created_at: _c, updated_at: _u, ...page }: OperatorPage) => page;

/**
 * The operator's policy pages (terms, privacy, returns, about us: fixed addresses, never deleted)
 * and CMS pages (/page/{slug}): list, make, change, delete. The storefront reads them from the
 * table on every request, so a saved change is on every process's next page view.
 */
export class PagesAdminService {
  constructor(private readonly deps: Pick<AppDeps, 'database' | 'clock'>) {}

  private get db() {
    return this.deps.database.db;
  }

  async list(query: PagesQueryParsed) {
    const perPage = query.per_page ?? PAGE_SIZE;
    const sort = query.sort ?? 'title';
    const { total, rows } = await findAdminPages(
      this.db,
      { q: query.q, kind: query.kind, sort, direction: query.direction ?? (sort === 'updated_at' ? 'desc' : 'asc') },
      perPage,
      offsetOf(query.page, perPage),
    );
    return { total, pages: rows.map(toPage) };
  }

  private async get(db: Executor, id: number, lock = false): Promise<PageRow> {
    const row = await findAdminPage(db, id, lock);
    if (!row) throw notFound(PAGE_NOT_FOUND);
    return row;
  }

  private async values(db: Executor, input: PageInputParsed, current: PageRow | null): Promise<PageValues> {
    const texts = cleanRichTexts(input);
    let slug: string;
    if (current?.kind === 'legal') {
      // The storefront's policy routes name these addresses.
      if (input.slug && input.slug !== current.slug)
        throw new FieldErrors({ slug: [msg('A policy page keeps its address.')] });
      slug = current.slug;
    } else if (current && (input.slug ?? current.slug) === current.slug) {
      slug = current.slug;
    } else {
      slug = await freeSlug((s) => isPageSlugTaken(db, s, current?.id), input.slug, input.title, 'page');
    }
    return { ...texts, slug, isActive: input.is_active };
  }

  create(input: PageInputParsed, audit: AuditSink): Promise<OperatorPage> {
    return transaction(this.db, async (tx) => {
      const after = toPage(await insertPage(tx, { ...(await this.values(tx, input, null)), kind: 'cms' }));
      await audit(tx, { kind: 'page', action: 'create', recordId: after.id, before: null, after: fields(after) });
      return after;
    }).catch(slugTakenMeanwhile('pages_slug_key'));
  }

  update(id: number, input: PageInputParsed, audit: AuditSink): Promise<OperatorPage> {
    return transaction(this.db, async (tx) => {
      const current = await this.get(tx, id, true);
      const before = toPage(current);
      const after = toPage(await updatePage(tx, id, await this.values(tx, input, current), this.deps.clock.now()));
      await audit(tx, { kind: 'page', action: 'update', recordId: id, before: fields(before), after: fields(after) });
      return after;
    }).catch(slugTakenMeanwhile('pages_slug_key'));
  }

  remove(id: number, audit: AuditSink): Promise<{ id: number }> {
    return transaction(this.db, async (tx) => {
      const current = await this.get(tx, id, true);
      if (current.kind === 'legal')
        throw conflict(msg('A policy page cannot be deleted: switch it off or change its text instead.'));
      await deletePage(tx, id);
      await audit(tx, { kind: 'page', action: 'delete', recordId: id, before: fields(toPage(current)), after: null });
      return { id };
    });
  }
}
