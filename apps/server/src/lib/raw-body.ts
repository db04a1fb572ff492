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
