import { outboxQuerySchema, outboxReplySchema } from '@shop/contracts/auth';
import type { AppDeps, ZodApp } from '../../app';
import { ok } from '../../lib/reply';
import { listOutbox } from './notifications.repository';

const PAGE_LIMIT = 100;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The development outbox: every message the notifier recorded, as a page and as JSON for the
 * end-to-end tests. Only with APP_ENV=local; anywhere else these paths do not exist (404).
 */
export async function notificationsRoutes(app: ZodApp, deps: AppDeps) {
  if (deps.config.APP_ENV !== 'local') return;
  const { db } = deps.database;

  app.get(
    '/api/dev/outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Messages the notifier recorded, newest first (APP_ENV=local only)',
        querystring: outboxQuerySchema,
        response: { 200: outboxReplySchema },
      },
    },
    async (request) => {
      const rows = await listOutbox(db, request.query.to, PAGE_LIMIT);
      return ok({
        messages: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to,
          subject: r.subject,
          text: r.text,
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
      });
    },
  );

  app.get(
    '/dev/outbox',
    { config: { access: 'public' }, schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const rows = await listOutbox(db, request.query.to, PAGE_LIMIT);
      const items = rows
        .map(
          (r) =>
            `<tr><td>${r.createdAt.toISOString()}</td><td>${r.channel}</td><td>${escapeHtml(r.to)}</td>` +
            `<td>${escapeHtml(r.subject ?? '')}</td><td><pre>${escapeHtml(r.text)}</pre></td><td>${r.status}</td></tr>`,
        )
        .join('\n');
      const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Outbox</title><style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.4rem;text-align:start;vertical-align:top}pre{margin:0;white-space:pre-wrap}</style></head>
<body><h1>Outbox</h1><p>Messages the notifier recorded (development only), newest first.</p>
<table><thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Subject</th><th>Text</th><th>Status</th></tr></thead>
<tbody>${items || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody></table></body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    },
  );
}
