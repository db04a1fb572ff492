import type { Database } from '../../client';
import { media } from '../../schema/common';
import type { MediaId } from '../demo-images';
import type { ImageJob } from '../images';
import { REFERENCE_DATE } from '../products';
import { insertReturning } from './rows';

/** The demo's media rows; returns the id of a demo file by its path. */
export async function seedMedia(tx: Database, jobs: readonly ImageJob[]): Promise<MediaId> {
  const mediaRows = await insertReturning(
    tx,
    media,
    jobs.map((j) => ({ path: j.path, width: j.width, height: j.height, alt: j.alt, createdAt: REFERENCE_DATE })),
  );
  const mediaId = new Map(mediaRows.map((m) => [m.path, m.id]));
  const mid = (path: string) => {
    const id = mediaId.get(path);
    if (!id) throw new Error(`No demo media row for ${path}`);
    return id;
  };
  return mid;
}
