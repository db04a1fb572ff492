import type { IncomingHttpHeaders } from 'node:http';
import { errorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../deps';

/**
 * Routes whose request body must stay the bytes that were sent: a gateway's webhook or a
 * provider's callback is signed over the raw body, which parsing JSON would lose. The scope reads
 * every content type as a Buffer, at most `bodyLimit` bytes.
 */
export async function rawBodyRoutes(app: ZodApp, bodyLimit: number, routes: (scope: ZodApp) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    routes(scope);
  });
}

/** The raw body of a route of `rawBodyRoutes` (empty when none was sent). */
export function rawBodyOf(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

export interface SignedNoticeRoute {
  /** With one parameter naming who sends the notice, e.g. `/api/payments/:gateway/webhook`. */
  url: string;
  param: string;
  bodyLimit: number;
  tag: string;
  summary: string;
  /** Verifies the signature over the raw body and applies the notice; answers what it did. */
  handle: (sender: string, body: Buffer, headers: IncomingHttpHeaders) => Promise<string>;
}

/**
 * A public POST that a payment gateway or a provider calls with a signed notice: the body kept
 * raw for the signature, `{ received, outcome }` on success, 400/404 from the handler's checks.
 */
export async function signedNoticeRoute(app: ZodApp, route: SignedNoticeRoute): Promise<void> {
  await rawBodyRoutes(app, route.bodyLimit, (scope) => {
    scope.post(
      route.url,
      {
        config: { access: 'public' },
        schema: {
          tags: [route.tag],
          summary: route.summary,
          params: z.object({ [route.param]: z.string().max(40) }),
          response: {
            200: z.object({ received: z.boolean(), outcome: z.string() }),
            400: errorReplySchema,
            404: errorReplySchema,
          },
        },
      },
      async (request) => {
        const sender = (request.params as Record<string, string>)[route.param] ?? '';
        const outcome = await route.handle(sender, rawBodyOf(request.body), request.headers);
        return { received: true, outcome };
      },
    );
  });
}
