import { tellFollowerBatch, tellLaunchFollowerBatch } from '../../src/listings/follower-mail.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { killedAfterSending, startSmtpWithMailer, type SmtpWithMailer } from '../support/smtp-server.js';
import { insertListing } from './support.js';

/**
 * A worker killed after the SMTP server accepted a follower's mail and before the commit that
 * records it: the retried batch sends that mail again (at least once), as the same message, with
 * the same Message-ID; the followers whose record committed are not mailed again.
 */
let app: TestApp;
let mail: SmtpWithMailer;

const em = () => app.deps.orm.em.fork();

beforeAll(async () => {
  app = await startTestApp({ worker: false });
  mail = await startSmtpWithMailer();
});
afterAll(async () => {
  await mail?.close();
  await app?.close();
});

/** Followers of a listing since a minute ago (before it launched and before any update), by email. */
async function followers(listingId: number, emails: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const email of emails) {
    const [{ id }] = await em().execute<{ id: number }[]>(
      `with u as (insert into app_user (email) values (?) returning id)
       insert into follow (listing_id, user_id, created_at) select ?, id, now() - interval '1 minute' from u returning user_id as id`,
      [email, listingId],
    );
    ids.set(email, id);
  }
  return ids;
}

const mailsTo = (emails: string[]) =>
  mail.smtp.mails.filter((m) => emails.includes(m.to[0])).map((m) => ({ to: m.to[0], messageId: m.messageId }));

it('resends an update mail whose record was lost with the same Message-ID, and no other', async () => {
  const listingId = await insertListing(em(), app.deps.site.id, { slug: 'newsworthy', ownerId: null, status: 'live' });
  const ids = await followers(listingId, ['u1@example.test', 'u2@example.test', 'u3@example.test']);
  const [{ id: updateId }] = await em().execute<{ id: number }[]>(
    `insert into listing_update (listing_id, title, body, followers_mailed) values (?, 'Shipped', 'Details.', true) returning id`,
    [listingId],
  );

  await expect(tellFollowerBatch(em(), killedAfterSending(mail.mailer, 2), app.url, updateId, 0, 10)).rejects.toThrow(
    'worker killed',
  );
  await expect(tellFollowerBatch(em(), mail.mailer, app.url, updateId, 0, 10)).resolves.toMatchObject({ told: 3, done: true });

  const id = (email: string) => `<update-${updateId}.follower-${ids.get(email)}@127.0.0.1>`;
  expect(mailsTo([...ids.keys()])).toEqual([
    { to: 'u1@example.test', messageId: id('u1@example.test') },
    { to: 'u2@example.test', messageId: id('u2@example.test') },
    { to: 'u2@example.test', messageId: id('u2@example.test') },
    { to: 'u3@example.test', messageId: id('u3@example.test') },
  ]);
});

it('resends a launch mail whose record was lost with the same Message-ID', async () => {
  const listingId = await insertListing(em(), app.deps.site.id, { slug: 'launching', ownerId: null, status: 'live' });
  const ids = await followers(listingId, ['l1@example.test']);

  await expect(tellLaunchFollowerBatch(em(), killedAfterSending(mail.mailer, 1), app.url, listingId, 0, 10)).rejects.toThrow(
    'worker killed',
  );
  await expect(tellLaunchFollowerBatch(em(), mail.mailer, app.url, listingId, 0, 10)).resolves.toMatchObject({ told: 1 });

  const messageId = `<launch-${listingId}.follower-${ids.get('l1@example.test')}@127.0.0.1>`;
  expect(mailsTo(['l1@example.test'])).toEqual([
    { to: 'l1@example.test', messageId },
    { to: 'l1@example.test', messageId },
  ]);
});
