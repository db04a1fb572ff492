import { errorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { signedInUserId } from '../../plugins/access';
import type { InvoicesService } from './invoices.service';

/** The PDF invoice of one of the shopper's orders. */
export async function invoicesRoutes(app: ZodApp, { invoices: service }: { invoices: InvoicesService }) {
  app.get(
    '/api/orders/:id/invoice',
    {
      config: { access: 'owner', resource: 'order', localeFromCookie: true },
      schema: {
        tags: ['orders'],
        summary:
          'The order’s invoice as a PDF (application/pdf, attachment invoice-<code>.pdf) in the language chosen on the site (the locale cookie), else Accept-Language; 404 for anyone else’s order',
        params: pathIdSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await service.invoice(
        signedInUserId(request),
        parsePathId(request.params.id),
        request.locale,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
