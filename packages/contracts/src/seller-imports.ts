import { z } from 'zod';
import { envelope } from './envelope';
import { optionalIdField } from './fields';

/**
 * Catalogue import and export in the Seller Centre. An import is a job: the file is checked when
 * it is sent (a file that is not a catalogue is refused at once, nothing written), then its
 * products are saved one by one while the page follows `done` of `total`. Re-importing a file
 * updates the products it made (found by SKU, or by handle when a row has none).
 */

/** The largest file an import takes (multipart field `file`). */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** How often the import page asks how far a running job got. */
export const IMPORT_POLL_MS = 1000;

/** The form fields sent beside the file. */
export const importStartFieldsSchema = z.object({
  /** For products whose category (or Shopify Type) names none of the marketplace's. */
  default_category_id: optionalIdField('default category id'),
});

export const importReportLineSchema = z.object({
  row: z.number().int(),
  kind: z.enum(['error', 'warning']),
  message: z.string(),
});

export const importJobSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(['template', 'shopify']),
  status: z.enum(IMPORT_JOB_STATUSES),
  rows: z.number().int(),
  /** Products in the file, and how many were handled so far. */
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  warnings: z.number().int(),
  /** The first lines of the report (the whole report is the CSV download). */
  report: z.array(importReportLineSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobReplySchema = envelope(z.object({ job: importJobSchema }));
export type ImportJobReply = z.infer<typeof importJobReplySchema>;
export const importJobsReplySchema = envelope(z.object({ jobs: z.array(importJobSchema) }));
export type ImportJobsReply = z.infer<typeof importJobsReplySchema>;
