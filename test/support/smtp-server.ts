import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Mailer } from '../../src/mail/index.js';
import { smtpMailer } from '../../src/mail/smtp-mailer.js';

/** A mail as the SMTP server received it: the envelope, the subject, the Message-ID and the plain-text body decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
}

/** An SMTP server on loopback that accepts every mail (no TLS, no auth) and keeps it in `mails`. */
export interface SmtpServer {
  /** For SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** A single-part message's subject, Message-ID and body, its transfer encoding undone (what nodemailer writes for plain text). */
function parseMessage(data: string): { subject: string; messageId: string; text: string } {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = data.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  const subject = header('Subject').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, word: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(word, 'base64').toString('utf8')
      : Buffer.from(
          word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
  return { subject, messageId: header('Message-ID'), text: text.replace(/\r\n$/, '') };
}

export async function startSmtpServer(): Promise<SmtpServer> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A sender killed mid-session resets the connection; that ends this session, not the test run.
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test server');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          mails.push({ ...envelope, ...parseMessage(Buffer.from(data.join('\r\n'), 'latin1').toString('latin1')) });
          data = null;
          envelope = { from: '', to: [] };
          reply('250 queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'MAIL') envelope.from = address;
        if (verb === 'RCPT') envelope.to.push(address);
        if (verb === 'DATA') data = [];
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        // No STARTTLS or AUTH offered: the client sends in the clear, as on loopback it may.
        else reply(verb === 'EHLO' ? '250-localhost\r\n250 8BITMIME' : verb === 'DATA' ? '354 end with .' : '250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** nodemailer's MIME boundary is random per sending: masked, two sendings of one message read alike. */
export const withoutMimeBoundary = (text: string): string => text.replace(/----_NmP-[\w-]+Part_/g, '----_NmP-Part_');

/** The SMTP double and the service's SMTP mailer sending to it, as a worker sends. */
export interface SmtpWithMailer {
  smtp: SmtpServer;
  mailer: Mailer;
  close(): Promise<void>;
}

export async function startSmtpWithMailer(): Promise<SmtpWithMailer> {
  const smtp = await startSmtpServer();
  const mailer = smtpMailer(smtp.url, 'site@example.test');
  return {
    smtp,
    mailer,
    async close() {
      await mailer.close();
      await smtp.close();
    },
  };
}

/** Sends through `mailer`, then dies at the `nth` mail: SMTP accepted it, the transaction around it never commits. */
export function killedAfterSending(mailer: Mailer, nth: number): Mailer {
  let sent = 0;
  return {
    kind: 'smtp',
    async send(message, options) {
      await mailer.send(message, options);
      if (++sent === nth) throw new Error('worker killed before the commit');
    },
    close: () => Promise.resolve(),
  };
}
