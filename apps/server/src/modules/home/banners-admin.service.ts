import { randomBytes } from 'node:crypto';
import {
  type BannerState,
  type BannersQueryParsed,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MAX_PX,
  type OperatorBanner,
  type Placement,
} from '@shop/contracts/operator-content';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { FieldErrors, notFound } from '../../lib/errors';
import { uploadsKey } from '../../lib/media-store';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { offsetOf } from '../../lib/paging';
import { fittedWebp } from '../../lib/uploaded-image';
import {
  type BannerRow,
  type BannerValues,
  deleteBanner,
  findAdminBanner,
  findAdminBanners,
  insertBanner,
  insertMedia,
  mediaExists,
  updateBanner,
} from './banners-admin.repository';

export const BANNER_NOT_FOUND = { banners: msg('Banner not found.'), ads: msg('Ad not found.') } as const;
const KIND = { banners: 'banner', ads: 'ad' } as const;
const PAGE_SIZE = 20;
/** Pictures of banners, ads and posts: under this folder of the uploads. */
const CONTENT_IMAGE_FOLDER = 'content';

export interface BannerInputValues {
  title: string;
  url: string | null;
  media_id: number;
  position: number;
  is_active: boolean;
  starts_at: string | null;
  ends_at: string | null;
}

/** Where a row stands at `now`: switched off, not begun, over, or on the home page. */
export function bannerState(
  row: { isActive: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): BannerState {
  if (!row.isActive) return 'off';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'live';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The operator's banners (the home page's slider) and ads (its tiles): list, make, change and
 * delete, each shown on the home page within its window. The tables move the catalogue's version
 * (migration 0035), which the home page's cache follows: a write is on every process's home page
 * within a second, and so is a window opening or closing (CatalogChanges' next boundary).
 */
export class BannersAdminService {
  constructor(private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'config' | 'media'>) {}

  private get db() {
    return this.deps.database.db;
  }

  private toBanner(row: BannerRow): OperatorBanner {
    return {
      id: row.id,
      title: row.title,
      url: row.url,
      image: { id: row.mediaId, url: mediaUrl(row.imagePath) },
      position: row.position,
      is_active: row.isActive,
      starts_at: iso(row.startsAt),
      ends_at: iso(row.endsAt),
      state: bannerState(row, this.deps.clock.now()),
      created_at: row.createdAt.toISOString(),
    };
  }

  async list(placement: Placement, query: BannersQueryParsed) {
    const perPage = query.per_page ?? PAGE_SIZE;
    const sort = query.sort ?? 'position';
    const { total, rows } = await findAdminBanners(
      this.db,
      placement,
      {
        q: query.q,
        state: query.state,
        sort,
        direction: query.direction ?? (sort === 'created_at' || sort === 'starts_at' ? 'desc' : 'asc'),
        now: this.deps.clock.now(),
      },
      perPage,
      offsetOf(query.page, perPage),
    );
    return { total, items: rows.map((row) => this.toBanner(row)) };
  }

  private async get(db: Executor, placement: Placement, id: number, lock = false): Promise<OperatorBanner> {
    const row = await findAdminBanner(db, placement, id, lock);
    if (!row) throw notFound(BANNER_NOT_FOUND[placement]);
    return this.toBanner(row);
  }

  private async values(db: Executor, input: BannerInputValues): Promise<BannerValues> {
    if (!(await mediaExists(db, input.media_id)))
      throw new FieldErrors({ media_id: [msg('The selected picture is invalid.')] });
    return {
      title: input.title,
      url: input.url,
      mediaId: input.media_id,
      position: input.position,
      isActive: input.is_active,
      startsAt: input.starts_at ? new Date(input.starts_at) : null,
      endsAt: input.ends_at ? new Date(input.ends_at) : null,
    };
  }

  create(placement: Placement, input: BannerInputValues, audit: AuditSink): Promise<OperatorBanner> {
    return transaction(this.db, async (tx) => {
      const id = await insertBanner(tx, placement, await this.values(tx, input));
      const after = await this.get(tx, placement, id);
      await audit(tx, { kind: KIND[placement], action: 'create', recordId: id, before: null, after: fields(after) });
      return after;
    });
  }

  update(placement: Placement, id: number, input: BannerInputValues, audit: AuditSink): Promise<OperatorBanner> {
    return transaction(this.db, async (tx) => {
      const before = await this.get(tx, placement, id, true);
      await updateBanner(tx, placement, id, await this.values(tx, input));
      const after = await this.get(tx, placement, id);
      await audit(tx, {
        kind: KIND[placement],
        action: 'update',
        recordId: id,
        before: fields(before),
        after: fields(after),
      });
      return after;
    });
  }

  remove(placement: Placement, id: number, audit: AuditSink): Promise<{ id: number }> {
    return transaction(this.db, async (tx) => {
      const before = await this.get(tx, placement, id, true);
      await deleteBanner(tx, placement, id);
      await audit(tx, { kind: KIND[placement], action: 'delete', recordId: id, before: fields(before), after: null });
      return { id };
    });
  }

  /**
   * POST /api/operator/content-images: a picture for a banner, an ad or a post, checked by its
   * bytes and kept as a WebP within CONTENT_IMAGE_MAX_PX (as a product's photo is); its media row
   * and audit entry in one transaction, the file removed if that fails.
   */
  async uploadImage(upload: UploadedFile | null, audit: AuditSink) {
    if (!upload) throw new FieldErrors({ image: [msg('Choose a picture.')] });
    const image = await fittedWebp(upload, {
      field: 'image',
      maxBytes: CONTENT_IMAGE_MAX_BYTES,
      maxPx: CONTENT_IMAGE_MAX_PX,
      messages: {
        tooLarge: msg('The picture may not be greater than {{max}} kilobytes.', {
          max: CONTENT_IMAGE_MAX_BYTES / 1024,
        }),
        wrongType: msg('The picture must be a file of type: jpg, jpeg, png, webp.'),
        unreadable: msg('The picture could not be read as an image.'),
      },
    });
    const stored = `${CONTENT_IMAGE_FOLDER}/${randomBytes(12).toString('hex')}.webp`;
    await this.deps.media.put(uploadsKey(stored), image.data);
    try {
      return await transaction(this.db, async (tx) => {
        const id = await insertMedia(tx, { path: stored, width: image.width, height: image.height });
        await audit(tx, { kind: 'media', action: 'upload', recordId: id, before: null, after: { path: stored } });
        return { id, url: mediaUrl(stored), width: image.width, height: image.height };
      });
    } catch (error) {
      await this.deps.media.delete(uploadsKey(stored));
      throw error;
    }
  }
}

/** What the audit log keeps of a banner or ad. */
function fields(b: OperatorBanner) {
  return {
    title: b.title,
    url: b.url,
    media_id: b.image.id,
    position: b.position,
    is_active: b.is_active,
    starts_at: b.starts_at,
    ends_at: b.ends_at,
  };
}
