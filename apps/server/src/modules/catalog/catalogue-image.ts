import { randomBytes } from 'node:crypto';
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MAX_PX } from '@shop/contracts/catalog-admin';
import type { AppDeps } from '../../deps';
import { FieldErrors, requiredMessage } from '../../lib/errors';
import { uploadsKey } from '../../lib/media-store';
import { msg } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { fittedWebp } from '../../lib/uploaded-image';

/** Uploaded thumbnails and logos of the catalogue structure live here, under the uploads folder. */
export const CATALOGUE_IMAGE_FOLDER = 'catalogue';

export interface StoredImage {
  /** Relative to the uploads folder, as media rows keep it. */
  path: string;
  width: number;
  height: number;
  /** Removes the file again (the write that was to use it failed). */
  discard: () => Promise<void>;
}

/**
 * Checks an uploaded thumbnail or logo by its bytes (jpg, png or webp), re-encodes it as a WebP of
 * at most CATALOGUE_IMAGE_MAX_PX a side (nothing cut off) and writes it under the uploads folder,
 * as the Seller Centre's product photos are (in the media store). A refusal is a field error on `image`.
 */
export async function storeCatalogueImage(
  deps: Pick<AppDeps, 'media'>,
  upload: UploadedFile | null,
): Promise<StoredImage> {
  if (!upload) throw new FieldErrors({ image: [requiredMessage('image')] });
  const image = await fittedWebp(upload, {
    field: 'image',
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    maxPx: CATALOGUE_IMAGE_MAX_PX,
    messages: {
      tooLarge: msg('The image may not be greater than {{max}} kilobytes.', { max: CATALOGUE_IMAGE_MAX_BYTES / 1024 }),
      wrongType: msg('The image must be a file of type: jpg, jpeg, png, webp.'),
      unreadable: msg('The image could not be read as a picture.'),
    },
  });
  const relative = `${CATALOGUE_IMAGE_FOLDER}/${randomBytes(12).toString('hex')}.webp`;
  await deps.media.put(uploadsKey(relative), image.data);
  return {
    path: relative,
    width: image.width,
    height: image.height,
    discard: () => deps.media.delete(uploadsKey(relative)),
  };
}
