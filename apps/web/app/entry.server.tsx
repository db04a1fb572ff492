import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { lowPriorityModulePreloads } from './lib/module-preload-priority';

/**
 * React Router's default server entry (streaming; crawlers get the whole page at once), with two
 * changes: every script carries the page's CSP nonce, and the HTML passes through
 * `lowPriorityModulePreloads` so the scripts do not compete with the stylesheet and the hero image
 * for a slow link.
 */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers wait for all content so they index a complete page.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The page's CSP nonce goes on React's own inline scripts and, through ServerRouter, on every
    // script and module preload React Router writes (<Scripts>, <ScrollRestoration>, streamed data).
    const nonce = loadContext.cspNonce;
    const app = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const html = lowPriorityModulePreloads();
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        // A reader that goes away mid-page (a visitor closing the tab, a proxy timing out) destroys
        // the body with a premature close: rendering stops, and that is no error of the server's
        // (without a listener, the error event would end the process).
        const stop = () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          abort();
        };
        body.on('error', stop);
        html.on('error', stop);
        html.pipe(body);
        responseHeaders.set('Content-Type', 'text/html');
        pipe(html);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell was rendered are logged by React Router itself.
        if (shellRendered) console.error(error);
      },
    });
  });
}
