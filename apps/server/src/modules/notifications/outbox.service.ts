import type { OutboxMessage } from '@shop/contracts/auth';
import type { AppDeps } from '../../deps';
import { listOutbox } from './notifications.repository';

const PAGE_LIMIT = 100;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The development outbox: every message the notifier recorded, newest first, as JSON for the
 * end-to-end tests and as a page for people. Only with APP_ENV=local (`enabled`).
 */
export class OutboxService {
  constructor(private readonly deps: Pick<AppDeps, 'config' | 'database'>) {}

  get enabled(): boolean {
    return this.deps.config.APP_ENV === 'local';
  }

  async messages(to: string | undefined): Promise<OutboxMessage[]> {
    const rows = await listOutbox(this.deps.database.db, to, PAGE_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.to,
      subject: r.subject,
      text: r.text,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    }));
  }

  async page(to: string | undefined): Promise<string> {
    const items = (await this.messages(to))
      .map(
        (m) =>
          `<tr><td>${m.created_at}</td><td>${m.channel}</td><td>${escapeHtml(m.to)}</td>` +
          `<td>${escapeHtml(m.subject ?? '')}</td><td><pre>${escapeHtml(m.text)}</pre></td><td>${m.status}</td></tr>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Outbox</title><style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.4rem;text-align:start;vertical-align:top}pre{margin:0;white-space:pre-wrap}</style></head>
<body><h1>Outbox</h1><p>Messages the notifier recorded (development only), newest first.</p>
<table><thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Subject</th><th>Text</th><th>Status</th></tr></thead>
<tbody>${items || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody></table></body></html>`;
  }
}
