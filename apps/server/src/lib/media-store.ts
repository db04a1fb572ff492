import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@shop/contracts/errors';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors';
import { msg } from './messages';

/**
 * Where uploaded and generated files live: the data folder on this machine, or an S3-compatible
 * bucket (media-store-s3.ts) when S3_BUCKET is set. A key is a path relative to DATA_DIR
 * (`uploads/products/ab12.webp`, `private/tickets/...`, `cache/media/...`), the same in both, so a
 * shop moves to a bucket by copying its data folder's files as they are.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Writes the object whole (a reader never sees half of it); replaces one of the same key. */
  put(key: string, data: Buffer, options?: PutOptions): Promise<void>;
  /** The object as a stream with what a reply says of it; null when there is none. */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<MediaGet | null>;
  /** The object's bytes; null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** What is known of the object without reading it; null when there is none. */
  stat(key: string): Promise<MediaInfo | null>;
  /** Removes the object; one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (with the app). */
  close(): Promise<void>;
}

export interface PutOptions {
  /** Default: from the key's extension. */
  contentType?: string;
  /**
   * Kept with the object in a bucket (served as it is by a CDN in front of it); default for
   * uploads/ keys: UPLOADS_CACHE_CONTROL.
   */
  cacheControl?: string;
  /** Readable by this process only (a ticket's attachment): on disk, mode 0600 in a 0700 folder. */
  private?: boolean;
}

export interface MediaInfo {
  contentType: string;
  length: number;
  /** Quoted, as an ETag header carries it. */
  etag: string;
  lastModified: Date;
}

/** A found object, or the answer to a conditional read whose ETag the client already has. */
export type MediaGet =
  | { notModified: false; info: MediaInfo; body: Readable }
  | { notModified: true; etag: string | null };

/** The prefix of public media keys; only these are served under /uploads. */
export const UPLOADS_PREFIX = 'uploads/';

/** The key of a file under the uploads folder (`products/ab.webp` -> `uploads/products/ab.webp`). */
export const uploadsKey = (relative: string) => `${UPLOADS_PREFIX}${relative}`;

/** Cache-Control of public media: the same from disk (@fastify/static maxAge 7d) and from a bucket. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=604800';

/**
 * 503 in the one error shape: the store could not be written or read (a bucket that refuses the
 * credentials, is missing or does not answer; a full or read-only disk). The cause goes to the log.
 */
export function mediaUnavailable(cause: unknown): AppError {
  const error = new AppError(
    503,
    ErrorCode.Unavailable,
    msg('Stored files cannot be reached right now. Please try again later.'),
  );
  error.cause = cause;
  return error;
}

/**
 * Removes the object a committed change let go of (a replaced logo, a deleted photo). A failure
 * leaves an unused object behind, logged, rather than failing a change that is already saved.
 */
export async function deleteReplaced(
  deps: { media: MediaStore; log: Pick<FastifyBaseLogger, 'warn'> },
  key: string,
): Promise<void> {
  try {
    await deps.media.delete(key);
  } catch (error) {
    deps.log.warn({ err: error instanceof Error ? (error.cause ?? error) : error, key }, 'replaced media not deleted');
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.pdf': 'application/pdf',
};

/** The content type a key's extension names (application/octet-stream for others). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The key as it is, or a thrown error when it could leave its folder or name a hidden file: keys
 * are made by the server, so a bad one is a bug, never a request to honour.
 */
export function checkedKey(key: string): string {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\\') ||
    key.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))
  ) {
    throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/** The files under DATA_DIR, as the server kept them before buckets. */
export class DiskMediaStore implements MediaStore {
  readonly kind = 'disk';
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir);
  }

  private file(key: string): string {
    return path.join(this.root, ...checkedKey(key).split('/'));
  }

  async put(key: string, data: Buffer, options: PutOptions = {}): Promise<void> {
    const file = this.file(key);
    // Written aside under a hidden name (never served) and renamed, so a reader never sees half a file.
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: options.private ? 0o700 : undefined });
      await writeFile(temporary, data, { mode: options.private ? 0o600 : undefined });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      throw mediaUnavailable(error);
    }
  }

  async stat(key: string): Promise<MediaInfo | null> {
    try {
      const info = await stat(this.file(key));
      if (!info.isFile()) return null;
      return {
        contentType: contentTypeOf(key),
        length: info.size,
        etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch (error) {
      if (missing(error)) return null;
      throw mediaUnavailable(error);
    }
  }

  async get(key: string, options: { ifNoneMatch?: string } = {}): Promise<MediaGet | null> {
    const info = await this.stat(key);
    if (!info) return null;
    if (etagMatches(options.ifNoneMatch, info.etag)) return { notModified: true, etag: info.etag };
    return { notModified: false, info, body: createReadStream(this.file(key)) };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if (missing(error)) return null;
      throw mediaUnavailable(error);
    }
  }

  async close(): Promise<void> {}

  async delete(key: string): Promise<void> {
    try {
      await rm(this.file(key), { force: true });
    } catch (error) {
      throw mediaUnavailable(error);
    }
  }
}
