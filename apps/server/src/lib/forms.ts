import type { z } from 'zod';
import type { FieldMessages } from './errors';
import { type ZodIssueEntry, zodIssueMessage } from './zod-messages';

/** Zod issues as the API's field errors (first path segment is the field, as the web expects). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldMessages {
  const errors: FieldMessages = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    const list = errors[field] ?? [];
    list.push(zodIssueMessage(field, issue.code, { message: issue.message, params: issue as ZodIssueEntry['params'] }));
    errors[field] = list;
  }
  return errors;
}
