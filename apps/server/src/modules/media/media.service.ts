import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-modules';
import { msg } from '../../lib/messages';

/** The only widths served, so the cache stays bounded and srcset candidates match (web lib/img). */
export const MEDIA_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
const RASTER = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.tif', '.tiff']);
const QUALITY = { avif: 55, webp: 78 } as const;

export type MediaFormat = keyof typeof QUALITY;

export type MediaResult = { kind: 'svg'; file: string } | { kind: 'image'; body: Buffer; format: MediaFormat };

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
 * Resized copies of uploaded images, made once with sharp and kept on disk under
 * DATA_DIR/cache/media; a changed original (newer mtime) is resized again.
 */
export class MediaService {
  private readonly uploadsDir: string;
  private readonly cacheDir: string;
  /** Concurrent requests for the same copy share one resize. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(deps: Pick<AppDeps, 'config'>) {
    this.uploadsDir = path.resolve(deps.config.UPLOADS_DIR);
    this.cacheDir = path.resolve(deps.config.DATA_DIR, 'cache', 'media');
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

  async get(width: number, uploadPath: string, accept: string | undefined): Promise<MediaResult> {
    if (!(MEDIA_WIDTHS as readonly number[]).includes(width)) throw notFound(msg('Image size not offered.'));
    const source = this.resolveSource(uploadPath);
    if (!source) throw notFound(msg('Image not found.'));
    const extension = path.extname(source).toLowerCase();
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) throw notFound(msg('Image not found.'));
    if (extension === '.svg') return { kind: 'svg', file: source };
    if (!RASTER.has(extension)) throw notFound(msg('Image not found.'));

    const format = pickFormat(accept);
    const key = createHash('sha256')
      .update(`${width}:${format}:${path.relative(this.uploadsDir, source)}`)
      .digest('hex');
    const cached = path.join(this.cacheDir, key.slice(0, 2), `${key}.${format}`);
    const hit = await stat(cached).catch(() => null);
    if (hit && hit.mtimeMs >= info.mtimeMs) return { kind: 'image', body: await readFile(cached), format };

    let pending = this.inFlight.get(cached);
    if (!pending) {
      pending = this.resize(source, cached, width, format).finally(() => this.inFlight.delete(cached));
      this.inFlight.set(cached, pending);
    }
    return { kind: 'image', body: await pending, format };
  }

  private async resize(source: string, target: string, width: number, format: MediaFormat): Promise<Buffer> {
    let body: Buffer;
    try {
      const sharp = await loadSharp();
      body = await sharp(source, { animated: false, limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .toFormat(format, { quality: QUALITY[format] })
        .toBuffer();
    } catch {
      // Not an image sharp can read (a renamed or damaged file): nothing to serve.
      throw notFound(msg('Image not found.'));
    }
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, target);
    return body;
  }
}
