import { connect } from 'node:net';
import { smtpMailer } from '../../src/mail/smtp-mailer.js';
import { startSmtpServer, type SmtpServer } from '../support/smtp-server.js';

/**
 * The fault run kills workers with kill -9 while they talk to the SMTP double; a sender that
 * resets its connection mid-session must end that session only, not crash the test process
 * (an unhandled "read ECONNRESET" fails the whole suite), and the double goes on taking mail.
 */
let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

it('takes mail after a sender resets its connection mid-session', async () => {
  const { port } = new URL(smtp.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    // The greeting is left unread: the reset is what a killed process's unread socket sends.
    socket.once('connect', () => socket.write('EHLO killed.example\r\nMAIL FROM:<a@killed.example>\r\n', () => resolve()));
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.resetAndDestroy();
  await new Promise((resolve) => setTimeout(resolve, 100));

  const mailer = smtpMailer(smtp.url, 'site@example.test');
  try {
    await mailer.send({ to: 'after@example.test', subject: 'Still here', text: 'The double outlived the reset.' });
  } finally {
    await mailer.close();
  }
  expect(smtp.mails.map((m) => [m.to, m.subject])).toEqual([[['after@example.test'], 'Still here']]);
});
