import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workflowIds } from '../../src/domain/workflow-ids.js';
import { sitesDir } from '../support/site-server.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { startDraftWorld, waitUntilSettled, type DraftWorld } from './support.js';

let dw: DraftWorld;
const workers: ChildProcess[] = [];

const startWorker = () => startWorkerProcess(dw.app.env, workers);

beforeAll(async () => {
  dw = await startDraftWorld({ worker: false });
  // The static test site, each page answered slowly, so the crawl is surely under way when the worker dies.
  dw.world.dns.set('slowfox.test', ['127.0.0.1']);
  for (const path of ['/', '/about', '/features', '/pricing', '/faq', '/contact', '/blog/hello-world']) {
    const file = join(sitesDir, 'static', path === '/' ? 'index.html' : `${path}.html`);
    dw.world.sites.route(`slowfox.test${path}`, (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(file)), 400);
    });
  }
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await dw.close();
});

describe('draftBuild when its worker is killed', () => {
  it('still reaches ready after a new worker starts, with no duplicate pages, fields, rows or workflow steps', async () => {
    const first = await startWorker();
    const created = await dw.owner.call('POST', '/drafts', { url: `http://slowfox.test:${dw.world.sites.port}/` });
    expect(created.status).toBe(201);
    const id = created.body.id;

    for (;;) {
      const polled = await dw.owner.call('GET', `/drafts/${id}`);
      if (polled.body.progress.pages_fetched >= 2) {
        expect(polled.body.status).toBe('crawling');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    await startWorker();
    const draft = await waitUntilSettled(dw.owner, id, 60_000);
    expect(draft.status).toBe('ready');

    const truth = JSON.parse(readFileSync(join(sitesDir, 'static', 'truth.json'), 'utf8'));
    expect(draft.fields.name).toMatchObject({ value: truth.fields.name, state: 'ai' });
    expect(draft.fields.features).toMatchObject({ value: truth.fields.features, state: 'ai' });
    expect(draft.faqs.map((f: any) => f.question)).toEqual(truth.faqs.map((f: any) => f.question));

    const em = dw.app.deps.orm.em.fork();
    const pages = await em.execute<{ url: string }[]>('select url from draft_page where draft_id = ? order by position', [id]);
    expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
    expect(pages).toHaveLength(7);
    expect(draft.progress).toEqual({
      pages_fetched: 7,
      pages_planned: 7,
      fields_found: Object.values(truth.fields).filter((v) => v !== null).length,
    });
    const drafts = await em.execute<{ n: string }[]>(
      'select count(*) as n from draft where owner_id = (select owner_id from draft where id = ?)',
      [id],
    );
    expect(Number(drafts[0].n)).toBe(1);

    const handle = dw.app.deps.temporal.client.workflow.getHandle(workflowIds.draftBuild(id));
    const events = (await handle.fetchHistory()).events ?? [];
    const scheduled = events.flatMap((e) =>
      e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType?.name] : [],
    );
    expect(scheduled).toEqual(['crawlDraftSite', 'draftDraftFields']);
    const started = events.find((e) => e.activityTaskStartedEventAttributes)?.activityTaskStartedEventAttributes;
    expect(started?.attempt).toBe(2);
  }, 120_000);
});
