import { auditLogFilterSchema, auditLogQuerySchema, auditLogReplySchema } from '@shop/contracts/audit';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { ok } from '../../lib/reply';
import { invalidError, roleErrors } from '../../lib/route-errors';
import type { AuditService } from './audit.service';

const adminErrors = { ...roleErrors, ...invalidError };

/** The operator's audit log: filtered, paged, and as CSV. Reading it writes nothing. */
export async function auditRoutes(app: ZodApp, { audit }: { audit: AuditService }) {
  app.get(
    '/api/operator/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Every write by a seller or the operator (who, what with before/after, when, address, browser), by ' +
          'actor, shop, kind and time (from inclusive, to exclusive), newest first unless sort=oldest',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogReplySchema, ...adminErrors },
      },
    },
    async (request) => ok(await audit.list(request.query)),
  );

  app.get(
    '/api/operator/audit-log.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'The filtered audit log as CSV (UTF-8 with a BOM, formula-safe cells)',
        querystring: auditLogFilterSchema,
        response: { 200: z.string(), ...adminErrors },
      },
    },
    async (request, reply) => sendCsv(reply, await audit.csv(request.query), 'audit-log.csv'),
  );
}
