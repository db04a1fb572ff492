import fastifyWebsocket from '@fastify/websocket';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import type { RealtimeService } from './realtime.service';

const authBody = z.object({
  socket_id: z.string({ error: 'The socket id field is required.' }).max(50),
  channel_name: z.string({ error: 'The channel name field is required.' }).max(200),
});

/** The largest frame a client may send (a subscription with its signature is far smaller). */
const MAX_CLIENT_FRAME_BYTES = 10 * 1024;

/** Pusher's "over capacity" close: pusher-js waits a moment and tries again. */
const OVER_CAPACITY = 4100;

/**
 * A socket's own errors that a client causes (a frame over the size limit, a malformed frame):
 * ws has already closed the socket with the right code, so they are worth a line, not a stack.
 */
function clientFault(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('WS_ERR_') ? code : null;
}

/** The Pusher-protocol WebSocket at /app/{key} and the private-channel authorisation. */
export async function realtimeRoutes(app: ZodApp, { realtime }: { realtime: RealtimeService }) {
  realtime.start();
  app.addHook('onClose', () => realtime.stop());
  const limits = realtime.connectionLimits;

  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, {
      options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
      errorHandler: (error, socket, request) => {
        const code = clientFault(error);
        if (code) {
          request.log.info({ code, reason: error.message }, 'realtime socket closed: bad frame');
          return;
        }
        request.log.error({ err: error }, 'realtime socket error');
        socket.terminate();
      },
    });
    scope.get(
      '/app/:key',
      {
        websocket: true,
        config: {
          access: 'public',
          // New sockets per address, shared by every process through Redis like the other limits.
          rateLimit: { max: limits.connectsPerMinute, timeWindow: 60_000, groupId: 'realtime-connect' },
        },
        schema: {
          hide: true,
          params: z.object({ key: z.string().max(200) }),
          querystring: z.object({ protocol: z.string().max(10).optional() }).passthrough(),
        },
      },
      async (socket, request) => {
        const address = request.clientIp || request.ip;
        if (!realtime.admit(address)) {
          socket.close(OVER_CAPACITY, 'Too many connections from this address');
          return;
        }
        socket.once('close', () => realtime.release(address));
        const { key } = request.params as { key: string };
        const { protocol } = request.query as { protocol?: string };
        // Messages that arrive while the key is checked are kept, in order.
        const early: string[] = [];
        const keep = (data: unknown) => early.push(String(data));
        socket.on('message', keep);
        const refused = await realtime.checkConnection(key, protocol);
        if (refused !== null) {
          socket.close(refused, 'Application does not exist or protocol not supported');
          return;
        }
        realtime.hub.setKey(key);
        socket.off('message', keep);
        realtime.hub.open(socket);
        socket.on('message', (data, isBinary) => {
          if (isBinary) return;
          realtime.hub.receive(socket, String(data));
        });
        socket.on('close', () => realtime.hub.closed(socket));
        socket.on('error', () => realtime.hub.closed(socket));
        for (const text of early) realtime.hub.receive(socket, text);
      },
    );

    // pusher-js posts a form; only this route reads one.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/broadcasting/auth',
      {
        config: { access: 'customer' },
        schema: {
          tags: ['realtime'],
          summary:
            "Sign a private channel for this socket (pusher-js's channel authorisation): the caller's own private-chat_user_{id}, or private-chat_shop_{id} of the shop a seller runs; 403 otherwise",
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: authBody,
          response: {
            200: z.object({ auth: z.string() }),
            401: errorReplySchema,
            403: errorReplySchema,
            422: validationErrorReplySchema,
          },
        },
      },
      async (request) => {
        const user = request.user;
        if (!user) throw new Error('the access policy let a visitor through');
        return realtime.authorize(user, request.body.socket_id, request.body.channel_name);
      },
    );
  });
}
