import { latestMail } from '../../src/mail/outbox.js';
import { readyDraft, startDraftWorld, type DraftWorld } from './support.js';

let dw: DraftWorld;
let draft: any;
beforeAll(async () => {
  dw = await startDraftWorld();
  draft = await readyDraft(dw, 'static');
});
afterAll(() => dw.close());

const invite = (email: unknown, caller = dw.owner, id = draft.id) => caller.call('POST', `/drafts/${id}/invites`, { email });

describe('invite_cofounder', () => {
  it('answers 201 and emails the invite', async () => {
    const res = await invite('cofounder@example.test');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      draft_id: draft.id,
      invite: { email: 'cofounder@example.test', status: 'sent' },
      invites_used: 1,
      invites_left: 9,
    });
    const [mail] = await latestMail(dw.app.deps.orm.em.fork(), 1, 'cofounder@example.test');
    expect(mail.subject).toContain('founder@example.test');
    expect(mail.subject).toContain('Tallyfox');
    expect(mail.text_body).toContain(`${dw.app.url}/sign-in`);
  });

  it('resends to an address already invited without using another invite; the 11th address is 409', async () => {
    const again = await invite('Cofounder@Example.test');
    expect(again.status).toBe(201);
    expect(again.body.invites_used).toBe(1);
    expect(await latestMail(dw.app.deps.orm.em.fork(), 5, 'cofounder@example.test')).toHaveLength(2);
    for (let i = 2; i <= 10; i++) expect((await invite(`person${i}@example.test`)).body.invites_used).toBe(i);
    const eleventh = await invite('one-too-many@example.test');
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe('conflict');
    expect(eleventh.body.detail).toMatch(/10 invites/);
    expect(await latestMail(dw.app.deps.orm.em.fork(), 1, 'one-too-many@example.test')).toHaveLength(0);
  });

  it('refuses a missing or malformed email, one over 254 characters and extra properties', async () => {
    expect((await dw.owner.call('POST', `/drafts/${draft.id}/invites`, {})).status).toBe(400);
    expect((await invite('not-an-email')).status).toBe(400);
    expect((await invite(`${'a'.repeat(245)}@example.test`)).status).toBe(400);
    const extra = await dw.owner.call('POST', `/drafts/${draft.id}/invites`, { email: 'x@example.test', role: 'admin' });
    expect(extra.body.errors).toEqual([{ path: 'body.role', message: 'unknown property' }]);
  });

  it("is 404 for another user's draft, and sends nothing", async () => {
    const res = await invite('victim@example.test', dw.stranger);
    expect(res.status).toBe(404);
    expect(await latestMail(dw.app.deps.orm.em.fork(), 1, 'victim@example.test')).toHaveLength(0);
  });
});

describe('invite_cofounder mail limit', () => {
  it('mails one address at most 5 invites a day from every draft together: the 6th is 429 and sends nothing', async () => {
    const first = await readyDraft(dw, 'static');
    const second = await readyDraft(dw, 'jsonld');
    const target = 'popular@example.test';
    for (let i = 0; i < 3; i++) expect((await invite(target, dw.owner, first.id)).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await invite(target.toUpperCase(), dw.owner, second.id)).status).toBe(201);
    const sixth = await invite(target, dw.owner, second.id);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'rate_limited', errors: [{ path: 'body.email' }] });
    expect(sixth.body.detail).toMatch(/5 invites in the last 24 hours/);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const mails = await dw.app.deps.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from mail_outbox where lower(recipient) = ?`, [target]);
    expect(mails[0].n).toBe(5);
    // Another address is not held back by this one.
    expect((await invite('someone-else@example.test', dw.owner, second.id)).status).toBe(201);
  });

  it('counts a+1@, a+2@... as the one mailbox a@ they all reach', async () => {
    const draft = await readyDraft(dw, 'static');
    for (let i = 1; i <= 5; i++) expect((await invite(`tagged+${i}@example.test`, dw.owner, draft.id)).status).toBe(201);
    const sixth = await invite('Tagged+6@example.test', dw.owner, draft.id);
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toMatch(/^The mailbox of Tagged\+6@example\.test was sent 5 invites in the last 24 hours/);
    expect((await invite('tagged@example.test', dw.owner, draft.id)).status).toBe(429);
    // The invite itself keeps the address as typed.
    expect(await latestMail(dw.app.deps.orm.em.fork(), 1, 'tagged+1@example.test')).toHaveLength(1);
  });
});
