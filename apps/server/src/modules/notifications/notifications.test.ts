import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createNotifier } from './notifier';

/** The smallest SMTP server that accepts mail: the outside edge nodemailer talks to. */
function fakeSmtp(received: string[]): Server {
  return createTcpServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 OK\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT') socket.write('250 OK\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (line) socket.write('250 OK\r\n');
      }
    });
  });
}

const listen = (server: { listen(port: number, host: string, cb: () => void): unknown; address(): unknown }) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );

async function lastRow(ctx: TestApp) {
  const [row] = await ctx.db.select().from(notificationOutbox).orderBy(desc(notificationOutbox.id)).limit(1);
  return row;
}

describe('notifier', () => {
  const mails: string[] = [];
  const sms: { to: string; text: string }[] = [];
  let smsStatus = 200;
  const smtp = fakeSmtp(mails);
  const webhook = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      sms.push(JSON.parse(body));
      res.writeHead(smsStatus).end();
    });
  });
  let ctx: TestApp;
  let ports: { smtp: number; sms: number };

  beforeAll(async () => {
    ports = { smtp: await listen(smtp), sms: await listen(webhook) };
    ctx = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}?ignoreTLS=true`,
        SMS_WEBHOOK_URL: `http://127.0.0.1:${ports.sms}/sms`,
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    smtp.close();
    webhook.close();
  });

  it('sends mail over SMTP and records it as sent, the code masked', async () => {
    const notifier = createNotifier(ctx);
    const status = await notifier.send({
      channel: 'email',
      to: 'sari@example.com',
      subject: 'Your code',
      text: 'Your code is 4821.',
      secret: '4821',
    });
    expect(status).toBe('sent');
    expect(mails.at(-1)).toContain('Your code is 4821.');
    expect(mails.at(-1)).toContain('To: sari@example.com');
    expect(await lastRow(ctx)).toMatchObject({
      channel: 'email',
      to: 'sari@example.com',
      status: 'sent',
      text: 'Your code is ••••.',
    });
  });

  it('posts SMS as {to, text} to the webhook; a failing webhook is recorded as failed', async () => {
    const notifier = createNotifier(ctx);
    expect(await notifier.send({ channel: 'sms', to: '+6281234567890', text: 'Code 0042', secret: '0042' })).toBe(
      'sent',
    );
    expect(sms.at(-1)).toEqual({ to: '+6281234567890', text: 'Code 0042' });
    smsStatus = 500;
    expect(await notifier.send({ channel: 'sms', to: '+6281234567890', text: 'Code 9999', secret: '9999' })).toBe(
      'failed',
    );
    expect(await lastRow(ctx)).toMatchObject({
      status: 'failed',
      error: 'SMS webhook answered 500',
      text: 'Code ••••',
    });
  });

  it('without SMTP_URL or SMS_WEBHOOK_URL the outbox is the delivery and keeps the text', async () => {
    const plain = await createTestApp();
    try {
      const notifier = createNotifier(plain);
      expect(await notifier.send({ channel: 'email', to: 'a@example.com', text: 'Code 1234', secret: '1234' })).toBe(
        'stored',
      );
      expect(await notifier.send({ channel: 'sms', to: '+621', text: 'Code 5678' })).toBe('stored');
      const rows = await plain.db.select().from(notificationOutbox).orderBy(notificationOutbox.id);
      expect(rows.map((r) => [r.to, r.text, r.status])).toEqual([
        ['a@example.com', 'Code 1234', 'stored'],
        ['+621', 'Code 5678', 'stored'],
      ]);
    } finally {
      await plain.close();
    }
  });

  it('an unreachable SMTP server is recorded as failed, not thrown', async () => {
    const broken = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1?ignoreTLS=true' } });
    try {
      const status = await createNotifier(broken).send({
        channel: 'email',
        to: 'b@example.com',
        text: 'Code 1111',
        secret: '1111',
      });
      expect(status).toBe('failed');
      expect(await lastRow(broken)).toMatchObject({ status: 'failed', text: 'Code ••••' });
    } finally {
      await broken.close();
    }
  });
});
