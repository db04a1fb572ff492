import sharp from 'sharp';
import { FieldErrors } from './errors';
import type { Message } from './messages';
import type { UploadedFile } from './multipart-form';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** What the shopper reads when an upload is refused; the messages name the field (profile photo, shop logo). */
export interface ImageUploadMessages {
  tooLarge: Message;
  wrongType: Message;
  unreadable: Message;
}

/**
 * Checks an uploaded picture and re-encodes it as a square WebP of at most `sizePx`: the stored file
 * is ours, whatever the upload carried. The content decides the type, not the name or the declared
 * type. A refusal is a field error on `field`.
 */
export function squareWebp(
  upload: UploadedFile,
  options: { field: string; maxBytes: number; sizePx: number; messages: ImageUploadMessages },
): Promise<{ data: Buffer; width: number; height: number }> {
  return resizedWebp(upload, { ...options, width: options.sizePx, height: options.sizePx, fit: 'cover' });
}

/**
 * As squareWebp, for a picture of any proportions (a shop's banner): `cover` crops it to
 * `width` x `height`, `inside` keeps its proportions within them. Never enlarged.
 */
export async function resizedWebp(
  upload: UploadedFile,
  options: {
    field: string;
    maxBytes: number;
    width: number;
    height: number;
    fit: 'cover' | 'inside';
    messages: ImageUploadMessages;
  },
): Promise<{ data: Buffer; width: number; height: number }> {
  const refuse = (message: Message) => new FieldErrors({ [options.field]: [message] });
  if (upload.truncated || upload.data.length > options.maxBytes) throw refuse(options.messages.tooLarge);
  if (upload.data.length === 0) throw refuse(options.messages.wrongType);
  const metadata = await sharp(upload.data)
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw refuse(options.messages.wrongType);
  try {
    const { data, info } = await sharp(upload.data, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(options.width, options.height, { fit: options.fit, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw refuse(options.messages.unreadable);
  }
}
