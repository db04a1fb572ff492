import type { Transporter } from 'nodemailer';
import type { NotificationStatus } from '../../db/schema/accounts';
import type { AppDeps, Logger, Notification, Notifier } from '../../deps';
import { loadNodemailer } from '../../lib/lazy-modules';
import { insertOutboxRow } from './notifications.repository';

const SMS_TIMEOUT_MS = 10_000;

/** One SMTP pool per SMTP_URL, shared by every notifier of the process. */
const transports = new Map<string, Transporter>();

async function smtpTransport(url: string): Promise<Transporter> {
  let transport = transports.get(url);
  if (!transport) {
    const nodemailer = await loadNodemailer();
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * The one way the server sends messages: SMTP through nodemailer when SMTP_URL
 * is set, SMS through a POST of `{to, text}` to SMS_WEBHOOK_URL when set, else the outbox only
 * (read at /dev/outbox in development and by tests). Every message is recorded with its outcome.
 */
export function createNotifier(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock'>,
  log?: Pick<Logger, 'error'>,
): Notifier {
  const { config } = deps;
  const fromAddress = `no-reply@${new URL(config.PUBLIC_URL).hostname}`;

  async function deliver(n: Notification): Promise<NotificationStatus> {
    if (n.channel === 'email') {
      if (!config.SMTP_URL) return 'stored';
      await (await smtpTransport(config.SMTP_URL)).sendMail({
        from: fromAddress,
        to: n.to,
        subject: n.subject ?? '',
        text: n.text,
      });
      return 'sent';
    }
    if (!config.SMS_WEBHOOK_URL) return 'stored';
    const res = await fetch(config.SMS_WEBHOOK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: n.to, text: n.text }),
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    return 'sent';
  }

  return {
    async send(n) {
      let status: NotificationStatus;
      let error: string | null = null;
      try {
        status = await deliver(n);
      } catch (e) {
        status = 'failed';
        error = e instanceof Error ? e.message : String(e);
        // The text may hold a code: log where it went, never what it said.
        log?.error({ channel: n.channel, error }, 'notification delivery failed');
      }
      const text = status === 'stored' || !n.secret ? n.text : n.text.replaceAll(n.secret, '•'.repeat(n.secret.length));
      await insertOutboxRow(deps.database.db, {
        channel: n.channel,
        to: n.to,
        subject: n.subject ?? null,
        text,
        status,
        error,
        now: deps.clock.now(),
      });
      return status;
    },
  };
}
