import type { App } from '../deps';
import { type MultipartFile, multipart } from './multipart';

/** The smallest file each accepted type is recognised by (its first bytes). */
export const SAMPLE_FILES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

/** POST /api/support-ticket as multipart; the first seeded issue type unless given. */
export async function postTicket(
  app: App,
  headers: Record<string, string>,
  fields: Record<string, string> = {},
  files: MultipartFile[] = [],
) {
  const body = multipart(
    { issue_type: '1', subject: 'Parcel late', message: 'Where is my parcel?', email: 'me@test.example', ...fields },
    files,
  );
  return app.inject({
    method: 'POST',
    url: '/api/support-ticket',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}
