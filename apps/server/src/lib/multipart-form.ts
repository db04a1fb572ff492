import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import { msg } from './messages';

/** An uploaded file as a route read it (bounded by the multipart limit of its scope). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
  /** The part was cut at the size limit. */
  truncated: boolean;
}

/**
 * Reads a multipart form with one optional file: the text fields named in `fields` and the first
 * file sent as `file`. Anything else in the body is read to its end and dropped. A body the parser
 * cannot read is the client's fault (400); the scope's limits keep their own 4xx.
 */
export async function readSingleFileForm(
  request: FastifyRequest,
  accepted: { fields: ReadonlySet<string>; file: string },
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== accepted.file || file) {
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        const data = await part.toBuffer();
        file = { filename: part.filename, mimetype: part.mimetype, data, truncated: part.file.truncated };
      } else if (accepted.fields.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode && statusCode < 500) throw error;
    throw badRequest(msg('The form data could not be read.'));
  }
  return { fields, file };
}
