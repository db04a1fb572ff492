import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FieldErrors } from '../lib/errors';
import { NUL_TEXT_MESSAGE } from '../lib/forms';
import { nulTextPath } from '../lib/nul-text';

/**
 * A 422 for any path value, query value or JSON body string with a NUL character, before a
 * route sees it: PostgreSQL refuses such text, which would otherwise fail the query as a 500
 * wherever the value reaches the database. Multipart fields are checked
 * where they are read (lib/forms.ts).
 */
export const nulTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const path = nulTextPath(value);
      if (path !== null) throw new FieldErrors({ [path || part]: [NUL_TEXT_MESSAGE] });
    }
  });
});
