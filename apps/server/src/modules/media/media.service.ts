import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-modules';
import { DiskMediaStore, type MediaGet, type MediaStore, UPLOADS_PREFIX, uploadsKey } from '../../lib/media-store';
import { msg } from '../../lib/messages';

/** The only widths served, so the cache stays bounded and srcset candidates match (web lib/img). */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.tif', '.tiff']);
const QUALITY = { avif: 55, webp: 78 } as const;
/** Resized copies never change under their URL (a new upload gets a new name). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export type MediaFormat = keyof typeof QUALITY;

export type MediaResult = { kind: 'svg'; body: Readable } | { kind: 'image'; body: Buffer; format: MediaFormat };

/** avif when the browser says it takes it, else webp (every browser we support decodes webp). */
export function pickFormat(accept: string | undefined): MediaFormat {
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (type !== 'image/avif') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q && !(Number(q.slice(2)) > 0) ? 'webp' : 'avif';
  }
  return 'webp';
}

/**
 * Uploaded images as browsers fetch them: resized copies, made once with sharp and kept in the
 * media store under cache/media (a changed original, newer than its copy, is resized again), and
 * the originals themselves when they live in a bucket (on disk, @fastify/static serves them).
 */
export class MediaService {
  private readonly uploadsDir: string;
  private readonly store: MediaStore;
  /** Concurrent requests for the same copy share one resize. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  /** Without a store (a test of paths alone), the data folder's. */
  constructor(deps: Pick<AppDeps, 'config'> & Partial<Pick<AppDeps, 'media'>>) {
    this.uploadsDir = path.resolve(deps.config.UPLOADS_DIR);
    this.store = deps.media ?? new DiskMediaStore(deps.config.DATA_DIR);
  }

  /** Whether /uploads is served from here (a bucket) rather than as static files. */
  get servesUploads(): boolean {
    return this.store.kind !== 'disk';
  }

  /**
   * The file under the uploads folder that a `/media/{width}/uploads/...` path names, or null when
   * the path leaves that folder in any way (.., absolute, backslashes, NUL, hidden names).
   */
  resolveSource(uploadPath: string): string | null {
    if (!uploadPath.startsWith('uploads/')) return null;
    const relative = uploadPath.slice('uploads/'.length);
    const segments = relative.split('/');
    if (
      relative.length === 0 ||
      relative.includes('\\') ||
      relative.includes('\0') ||
      segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))
    ) {
      return null;
    }
    const file = path.resolve(this.uploadsDir, ...segments);
    return file.startsWith(this.uploadsDir + path.sep) ? file : null;
  }

  /** The store's key of an `uploads/...` path, or null for a path that leaves the uploads folder. */
  private sourceKey(uploadPath: string): string | null {
    const file = this.resolveSource(uploadPath);
    return file ? uploadsKey(path.relative(this.uploadsDir, file).split(path.sep).join('/')) : null;
  }

  /** GET /uploads/{path} from a bucket: the original as stored, or not-modified for a known ETag. */
  async original(relative: string, ifNoneMatch: string | undefined): Promise<MediaGet> {
    const key = this.sourceKey(`uploads/${relative}`);
    const found = key ? await this.store.get(key, { ifNoneMatch }) : null;
    if (!found) throw notFound(msg('Image not found.'));
    return found;
  }

  async get(width: number, uploadPath: string, accept: string | undefined): Promise<MediaResult> {
    if (!(MEDIA_WIDTHS as readonly number[]).includes(width)) throw notFound(msg('Image size not offered.'));
    const source = this.sourceKey(uploadPath);
    if (!source) throw notFound(msg('Image not found.'));
    const extension = path.extname(source).toLowerCase();
    if (extension === '.svg') {
      const svg = await this.store.get(source);
      if (!svg || svg.notModified) throw notFound(msg('Image not found.'));
      return { kind: 'svg', body: svg.body };
    }
    if (!RASTER.has(extension)) throw notFound(msg('Image not found.'));
    const info = await this.store.stat(source);
    if (!info) throw notFound(msg('Image not found.'));

    const format = pickFormat(accept);
    const hash = createHash('sha256')
      .update(`${width}:${format}:${source.slice(UPLOADS_PREFIX.length)}`)
      .digest('hex');
    const cached = `cache/media/${hash.slice(0, 2)}/${hash}.${format}`;
    const hit = await this.store.get(cached);
    if (hit && !hit.notModified) {
      if (hit.info.lastModified >= info.lastModified) return { kind: 'image', body: await buffer(hit.body), format };
      hit.body.destroy();
    }

    let pending = this.inFlight.get(cached);
    if (!pending) {
      pending = this.resize(source, cached, width, format).finally(() => this.inFlight.delete(cached));
      this.inFlight.set(cached, pending);
    }
    return { kind: 'image', body: await pending, format };
  }

  private async resize(source: string, target: string, width: number, format: MediaFormat): Promise<Buffer> {
    const original = await this.store.read(source);
    if (!original) throw notFound(msg('Image not found.'));
    let body: Buffer;
    try {
      const sharp = await loadSharp();
      body = await sharp(original, { animated: false, limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .toFormat(format, { quality: QUALITY[format] })
        .toBuffer();
    } catch {
      // Not an image sharp can read (a renamed or damaged file): nothing to serve.
      throw notFound(msg('Image not found.'));
    }
    await this.store.put(target, body, { contentType: `image/${format}`, cacheControl: IMMUTABLE });
    return body;
  }
}
