import { Readable } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { loadS3 } from './lazy-modules';
import {
  checkedKey,
  contentTypeOf,
  DiskMediaStore,
  type MediaGet,
  type MediaInfo,
  type MediaStore,
  mediaUnavailable,
  type PutOptions,
  UPLOADS_CACHE_CONTROL,
  UPLOADS_PREFIX,
} from './media-store';

/** The bucket's settings (config S3_*), as config.ts puts them together. */
export type S3Settings = NonNullable<Config['S3']>;

/** The store the settings name: the bucket when S3_BUCKET is set, else the data folder. */
export function openMediaStore(config: Pick<Config, 'S3' | 'DATA_DIR'>): MediaStore {
  return config.S3 ? new S3MediaStore(config.S3) : new DiskMediaStore(config.DATA_DIR);
}

const statusOf = (error: unknown) => (error as Partial<S3ServiceException> | null)?.$metadata?.httpStatusCode;

/**
 * Missing object: NoSuchKey, or a HEAD's bare 404 (a HEAD has no body to say more). A missing
 * bucket is an outage, not a missing file, where the service can say so.
 */
const isMissing = (error: unknown) => {
  const name = (error as Error | null)?.name;
  return name === 'NoSuchKey' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
};

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2, ...) under the same keys as on disk. The
 * SDK is loaded with the first call, so a shop on disk never loads it.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private client: Promise<S3Client> | undefined;

  constructor(private readonly settings: S3Settings) {}

  private s3(): Promise<S3Client> {
    this.client ??= loadS3().then(
      (sdk) =>
        new sdk.S3Client({
          region: this.settings.region,
          endpoint: this.settings.endpoint,
          forcePathStyle: this.settings.forcePathStyle,
          // Unset: the SDK's own chain (AWS_* variables, a shared profile, the instance's role).
          credentials: this.settings.credentials,
          // Checksums only where S3 requires them: several S3-compatible servers reject or do not
          // send the newer default ones, and every body here is small and sent whole.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          // A bucket that does not answer fails the request in seconds, not minutes.
          requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
        }),
    );
    return this.client;
  }

  async put(key: string, data: Buffer, options: PutOptions = {}): Promise<void> {
    const sdk = await loadS3();
    const client = await this.s3();
    try {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: checkedKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: options.contentType ?? contentTypeOf(key),
          CacheControl: options.cacheControl ?? (key.startsWith(UPLOADS_PREFIX) ? UPLOADS_CACHE_CONTROL : undefined),
        }),
      );
    } catch (error) {
      throw mediaUnavailable(error);
    }
  }

  async get(key: string, options: { ifNoneMatch?: string } = {}): Promise<MediaGet | null> {
    const sdk = await loadS3();
    const client = await this.s3();
    try {
      const reply = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: checkedKey(key),
          IfNoneMatch: options.ifNoneMatch,
        }),
      );
      if (!(reply.Body instanceof Readable)) throw new Error('The S3 client gave no Node stream');
      return { notModified: false, info: infoOf(key, reply), body: reply.Body };
    } catch (error) {
      if (statusOf(error) === 304) return { notModified: true, etag: singleTag(options.ifNoneMatch) };
      if (isMissing(error)) return null;
      throw mediaUnavailable(error);
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const found = await this.get(key);
    if (!found || found.notModified) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      throw mediaUnavailable(error);
    }
  }

  async stat(key: string): Promise<MediaInfo | null> {
    const sdk = await loadS3();
    const client = await this.s3();
    try {
      const reply = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }),
      );
      return infoOf(key, reply);
    } catch (error) {
      if (isMissing(error)) return null;
      throw mediaUnavailable(error);
    }
  }

  /** Closes the client's kept-alive connections (with the app). */
  async close(): Promise<void> {
    if (this.client) (await this.client).destroy();
  }

  async delete(key: string): Promise<void> {
    const sdk = await loadS3();
    const client = await this.s3();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (isMissing(error)) return;
      throw mediaUnavailable(error);
    }
  }
}

/** The ETag a 304 answered to, when the request named one (the SDK keeps a 304's headers from us). */
const singleTag = (ifNoneMatch: string | undefined) =>
  ifNoneMatch && !ifNoneMatch.includes(',') && ifNoneMatch.trim() !== '*' ? ifNoneMatch.trim() : null;

function infoOf(
  key: string,
  reply: { ContentType?: string; ContentLength?: number; ETag?: string; LastModified?: Date },
): MediaInfo {
  return {
    contentType: reply.ContentType ?? contentTypeOf(key),
    length: reply.ContentLength ?? 0,
    etag: reply.ETag ?? '',
    lastModified: reply.LastModified ?? new Date(0),
  };
}
