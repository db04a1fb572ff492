import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** A small local load balancer for the scale-out tests (what nginx or Caddy does in front of two replicas). */
export interface RoundRobinProxy {
  port: number;
  /** The upstream ports in turn; replaced while it runs (a process restarted on a new port). */
  upstreams: number[];
  /** Requests each upstream port answered. */
  answered: Map<number, number>;
  /** Upstream ports whose readiness check last failed (skipped while another is ready). */
  unready: Set<number>;
  close(): Promise<void>;
}

/**
 * Whether a failed upstream call may go to the next upstream: a refused connection never got the
 * request; a reset one may have, so only a request that changes nothing is sent again.
 */
const mayRetry = (code: string | undefined, method: string | undefined) =>
  code === 'ECONNREFUSED' || (code === 'ECONNRESET' && (method === 'GET' || method === 'HEAD'));

export interface ProxyOptions {
  /** A readiness path checked on each upstream every `readyEveryMs` (Caddy's `health_uri`). */
  readyPath?: string;
  readyEveryMs?: number;
}

/**
 * Round-robins HTTP requests and WebSocket upgrades over `upstreams`. Each request gets a new
 * upstream connection (no keep-alive), and one an upstream refused (it is stopping or stopped) is
 * sent to the next, as nginx's `proxy_next_upstream error` does; a reply is never retried. With
 * `readyPath`, an upstream whose readiness check fails gets nothing while another is ready, as
 * Caddy's active health checks do (a new upstream counts as ready until checked).
 */
export async function startRoundRobinProxy(upstreams: number[], options: ProxyOptions = {}): Promise<RoundRobinProxy> {
  let turn = 0;
  const state: RoundRobinProxy = {
    port: 0,
    upstreams,
    answered: new Map(),
    unready: new Set(),
    close: async () => {},
  };
  const nextPorts = () => {
    const ready = state.upstreams.filter((port) => !state.unready.has(port));
    const ports = ready.length > 0 ? ready : state.upstreams;
    turn = (turn + 1) % Math.max(ports.length, 1);
    return ports.map((_, i) => ports[(turn + i) % ports.length] as number);
  };
  const checkReadiness = async () => {
    await Promise.all(
      state.upstreams.map(async (port) => {
        const ok = await fetch(`http://127.0.0.1:${port}${options.readyPath}`, { signal: AbortSignal.timeout(1_000) })
          .then(async (res) => {
            await res.arrayBuffer();
            return res.ok;
          })
          .catch(() => false);
        if (ok) state.unready.delete(port);
        else state.unready.add(port);
      }),
    );
  };
  let checking = Promise.resolve();
  const checker = options.readyPath
    ? setInterval(() => {
        checking = checking.then(checkReadiness);
      }, options.readyEveryMs ?? 100)
    : undefined;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const ports = nextPorts();
      const attempt = (i: number) => {
        const port = ports[i];
        if (port === undefined) {
          response.writeHead(502).end('no upstream answered');
          return;
        }
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port,
            method: request.method,
            path: request.url,
            headers: request.headers,
            agent: false,
          },
          (reply) => {
            state.answered.set(port, (state.answered.get(port) ?? 0) + 1);
            response.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(response);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (!response.headersSent && mayRetry(error.code, request.method)) attempt(i + 1);
          else response.destroy(error);
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });

  server.on('upgrade', (request, client, head) => {
    const ports = nextPorts();
    const attempt = (i: number) => {
      const port = ports[i];
      if (port === undefined) {
        client.destroy();
        return;
      }
      const upstream = net.connect(port, '127.0.0.1', () => {
        const lines = [`${request.method} ${request.url} HTTP/1.1`];
        for (let h = 0; h < request.rawHeaders.length; h += 2)
          lines.push(`${request.rawHeaders[h]}: ${request.rawHeaders[h + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.once('error', () => {
        if (upstream.bytesRead === 0 && upstream.bytesWritten === 0) attempt(i + 1);
        else client.destroy();
      });
      client.on('error', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    };
    attempt(0);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () =>
    new Promise<void>((resolve) => {
      clearInterval(checker);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
