import { type Executor, type Tx, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import type { Message } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { insertMedia } from './catalog-admin.repository';
import { storeCatalogueImage } from './catalogue-image';

/**
 * The writes every list of the catalogue structure shares (categories, subcategories and the
 * platform-wide values): a delete that moves the products of a used row, and a row's picture.
 */

/** What a list says when a delete would leave products without their row. */
export interface MoveMessages {
  inUse: (count: number) => Message;
  /** The products were to move to the row being deleted. */
  self: Message;
  missingTarget: Message;
}

/** How a list reads and deletes its rows and moves their products. */
export interface MovableRows<R extends { products: number }> {
  /** The audit log's kind of record. */
  kind: string;
  /** The row as the reply shows it; one that does not exist is a 404. */
  get: (id: number, db: Executor) => Promise<R>;
  /** Whether a row to move the products to exists. */
  exists: (db: Executor, id: number) => Promise<unknown>;
  moveProducts: (db: Executor, from: number, to: number) => Promise<unknown>;
  delete: (db: Executor, id: number) => Promise<unknown>;
  messages: MoveMessages;
}

/**
 * Deletes a row. One products use is refused unless `moveTo` names another row of the list: its
 * products then move there in the same transaction, and the audit log says where.
 */
export function removeMovingProducts<R extends { products: number }>(
  db: Executor,
  rows: MovableRows<R>,
  id: number,
  moveTo: number | undefined,
  audit: AuditSink,
): Promise<{ moved: number }> {
  return transaction(db, async (tx) => {
    const before = await rows.get(id, tx);
    let moved = 0;
    if (before.products > 0) {
      if (moveTo === undefined) throw conflict(rows.messages.inUse(before.products));
      if (moveTo === id) throw conflict(rows.messages.self);
      if (!(await rows.exists(tx, moveTo))) throw conflict(rows.messages.missingTarget);
      await rows.moveProducts(tx, id, moveTo);
      moved = before.products;
    }
    await rows.delete(tx, id);
    await audit(tx, {
      kind: rows.kind,
      action: 'delete',
      recordId: id,
      before,
      after: moved > 0 ? { moved_to: moveTo, moved } : null,
    });
    return { moved };
  });
}

/** How a list reads its rows and sets a row's picture (a media row's id, or none). */
export interface PicturedRows<R extends { name: string; image: string | null }> {
  kind: string;
  get: (id: number, db: Executor) => Promise<R>;
  setImage: (db: Executor, id: number, mediaId: number | null) => Promise<unknown>;
}

/** Sets the row's picture (or none) and logs the change; returns the row as it is now. */
async function changeImage<R extends { name: string; image: string | null }>(
  tx: Tx,
  rows: PicturedRows<R>,
  id: number,
  before: R,
  mediaId: number | null,
  audit: AuditSink,
): Promise<R> {
  await rows.setImage(tx, id, mediaId);
  const after = await rows.get(id, tx);
  await audit(tx, {
    kind: rows.kind,
    action: 'image',
    recordId: id,
    before: { image: before.image },
    after: { image: after.image },
  });
  return after;
}

/**
 * A row's new picture (a thumbnail, a logo), stored as the Seller Centre's product photos are.
 * The file is written first and removed again when the change fails.
 */
export async function setRowImage<R extends { name: string; image: string | null }>(
  deps: Pick<AppDeps, 'database' | 'media'>,
  rows: PicturedRows<R>,
  id: number,
  upload: UploadedFile | null,
  audit: AuditSink,
): Promise<R> {
  const db = deps.database.db;
  await rows.get(id, db);
  const image = await storeCatalogueImage(deps, upload);
  try {
    return await transaction(db, async (tx) => {
      const before = await rows.get(id, tx);
      const mediaId = await insertMedia(tx, {
        path: image.path,
        width: image.width,
        height: image.height,
        alt: before.name,
      });
      return changeImage(tx, rows, id, before, mediaId, audit);
    });
  } catch (error) {
    await image.discard();
    throw error;
  }
}

/** Takes a row's picture away. */
export function removeRowImage<R extends { name: string; image: string | null }>(
  db: Executor,
  rows: PicturedRows<R>,
  id: number,
  audit: AuditSink,
): Promise<R> {
  return transaction(db, async (tx) => {
    return changeImage(tx, rows, id, await rows.get(id, tx), null, audit);
  });
}
