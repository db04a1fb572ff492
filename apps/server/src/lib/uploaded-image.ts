import type { ResizeOptions } from 'sharp';
import { FieldErrors } from './errors';
import { loadSharp } from './lazy-modules';
import type { Message } from './messages';
import type { UploadedFile } from './multipart-form';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** What the shopper reads when an upload is refused; the messages name the field (profile photo, shop logo). */
export interface ImageUploadMessages {
  tooLarge: Message;
  wrongType: Message;
  unreadable: Message;
}

interface ImageUploadOptions {
  field: string;
  maxBytes: number;
  messages: ImageUploadMessages;
}

/**
 * Checks an uploaded picture and re-encodes it as WebP: the stored file is ours, whatever the
 * upload carried. The content decides the type, not the name or the declared type. A refusal is a
 * field error on `field`.
 */
async function reencodedWebp(
  upload: UploadedFile,
  options: ImageUploadOptions,
  resize: ResizeOptions & { width: number; height: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  const refuse = (message: Message) => new FieldErrors({ [options.field]: [message] });
  if (upload.truncated || upload.data.length > options.maxBytes) throw refuse(options.messages.tooLarge);
  if (upload.data.length === 0) throw refuse(options.messages.wrongType);
  const sharp = await loadSharp();
  const metadata = await sharp(upload.data)
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw refuse(options.messages.wrongType);
  try {
    const { data, info } = await sharp(upload.data, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ ...resize, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw refuse(options.messages.unreadable);
  }
}

/** An uploaded picture as a square WebP of at most `sizePx` (a logo, a profile photo). */
export function squareWebp(
  upload: UploadedFile,
  options: ImageUploadOptions & { sizePx: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  return reencodedWebp(upload, options, { width: options.sizePx, height: options.sizePx, fit: 'cover' });
}

/** An uploaded picture as a WebP whose longer side is at most `maxPx`, nothing cut off (a product photo). */
export function fittedWebp(
  upload: UploadedFile,
  options: ImageUploadOptions & { maxPx: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  return reencodedWebp(upload, options, { width: options.maxPx, height: options.maxPx, fit: 'inside' });
}

/**
 * An uploaded picture of any proportions (a shop's banner): `cover` crops it to `width` x
 * `height`, `inside` keeps its proportions within them. Never enlarged.
 */
export function resizedWebp(
  upload: UploadedFile,
  options: ImageUploadOptions & { width: number; height: number; fit: 'cover' | 'inside' },
): Promise<{ data: Buffer; width: number; height: number }> {
  return reencodedWebp(upload, options, { width: options.width, height: options.height, fit: options.fit });
}
