import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config.js';
import { createCrawler } from '../../src/crawl/crawler.js';
import type { CrawledPage } from '../../src/crawl/types.js';
import { countryNameOf, draftFieldNames, isListField } from '../../src/domain/draft-fields.js';
import { evidenceLinesOf } from '../../src/domain/evidence-text.js';
import { createDrafter } from '../../src/drafting/index.js';
import { corpusCatalogue, loadCorpus, recordedAnswerPath, startCorpusWorld, type CorpusSite } from '../support/corpus.js';
import { wordF1, withOrigin, type SiteTruth } from '../support/draft-scoring.js';

/**
 * Writes the completions the AI drafter replays on the drafting corpus
 * (test/fixtures/corpus/<site>/ai-answer.json).
 *
 *   AI_BASE_URL=... AI_API_KEY=... AI_MODEL=... npx tsx test/drafting/record-completions.ts
 *     records a real model: each site is crawled on loopback and drafted through a loopback proxy
 *     that forwards the drafter's request to AI_BASE_URL and keeps the completion it returns.
 *
 *   npx tsx test/drafting/record-completions.ts --synthesize
 *     writes answers that stand in for a model where no endpoint is reachable: each true value
 *     with quotes looked up on the crawled pages, plus mistakes models make that the evidence
 *     verifier must drop (a made-up quote, a paraphrased quote, a quote cited from the wrong page,
 *     a category outside the catalogue, a social link on no page). These are not a model's output;
 *     each file says which way it was made.
 *
 * `--only <site>` records one site. Origins are stored as {origin}, replaced when replayed.
 */
const { values } = parseArgs({ options: { synthesize: { type: 'boolean', default: false }, only: { type: 'string' } } });

type Answer = Record<string, unknown>;

/** A loopback endpoint that forwards chat completions to the real one and keeps the last answer. */
async function startRecordingProxy(upstream: string) {
  let content = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const forwarded = await fetch(`${upstream.replace(/\/$/, '')}${req.url!.replace(/^\/v1/, '')}`, {
        method: req.method,
        headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
        body,
      });
      const text = await forwarded.text();
      if (forwarded.ok)
        content = (JSON.parse(text) as { choices: { message: { content: string } }[] }).choices[0].message.content;
      res.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    lastContent: () => content,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Line {
  text: string;
  url: string;
}

function linesOf(pages: CrawledPage[]): Line[] {
  return pages.flatMap((page) =>
    evidenceLinesOf(page)
      .flatMap((l) => l.split('\n'))
      .map((text) => ({ text, url: page.url })),
  );
}

/** The line that states `needle` (case-insensitive), or the one sharing most words with it. */
function lineFor(lines: Line[], needle: string): Line | null {
  const wanted = needle.toLowerCase();
  const exact = lines.find((l) => l.text.toLowerCase().includes(wanted));
  if (exact) return exact;
  const best = lines.map((l) => ({ l, f1: wordF1(l.text, needle) })).sort((a, b) => b.f1 - a.f1)[0];
  return best && best.f1 >= 0.5 ? best.l : null;
}

function evidenceOf(line: Line | null) {
  return line ? [{ quote: line.text, url: line.url }] : [];
}

function synthesize(site: CorpusSite, truth: SiteTruth, pages: CrawledPage[]): Answer {
  const lines = linesOf(pages);
  const fields: Answer = {};
  for (const name of draftFieldNames) {
    const value = truth.fields[name];
    if (isListField(name)) {
      fields[name] = ((value as string[] | null) ?? []).map((item) => ({
        value: item,
        evidence: evidenceOf(lineFor(lines, name === 'categories' ? item.split(' ')[0] : item)),
      }));
    } else if (value === null) {
      fields[name] = { value: null, evidence: [] };
    } else {
      // A pricing model is a reading of the price lines, so those are its quotes.
      const stated = name === 'pricing_model' ? (truth.fields.pricing_summary as string | null) : null;
      const needle = stated ?? (name === 'country' ? (countryNameOf(value as string) ?? (value as string)) : (value as string));
      // Prose is quoted sentence by sentence, as models do.
      const parts = ['description', 'pricing_summary'].includes(name) || stated ? needle.split(/\n\n|(?<=\.) /) : [needle];
      fields[name] = { value, evidence: parts.flatMap((p) => evidenceOf(lineFor(lines, p))) };
    }
  }
  addMistakes(site.name, fields, pages);
  return {
    fields,
    faqs: truth.faqs.flatMap((f) => {
      const at = lineFor(lines, f.question);
      return at ? [{ ...f, url: at.url }] : [];
    }),
    founders: truth.founders.flatMap((f) => {
      const page = pages.find((p) => p.text.includes(f.name) && (!f.title || p.text.includes(f.title)));
      const bio = page?.blocks.find((b, i, all) => all[i - 1]?.text === f.title);
      return page ? [{ name: f.name, title: f.title ?? null, bio: bio?.text ?? null, url: page.url }] : [];
    }),
    socials: [
      ...Object.entries(truth.socials).flatMap(([platform, url]) => {
        const at = lines.find((l) => l.text.includes(url));
        return at ? [{ platform, url, page_url: at.url }] : [];
      }),
      { platform: 'x', url: `https://x.com/${site.name}_official`, page_url: pages[0].url },
    ],
  };
}

/**
 * Mistakes real models make, which the verifier must drop: an invented founding year with a
 * made-up quote (every site that states none), a tagline quoted in other words and a contact email
 * cited from another page (on the sites named below), and a category the catalogue does not have.
 */
const paraphrasedTagline = ['brightdesk', 'kitewise', 'tidepool'];
const emailFromAnotherPage = ['harborly', 'ledgerpine', 'carnetto'];

function addMistakes(site: string, fields: Answer, pages: CrawledPage[]): void {
  const home = pages[0].url;
  if ((fields.founded_year as { value: string | null }).value === null) {
    fields.founded_year = { value: '2015', evidence: [{ quote: `${site} was founded in 2015 by a small team.`, url: home }] };
  }
  const tagline = fields.tagline as { value: string | null };
  if (tagline.value && paraphrasedTagline.includes(site)) {
    fields.tagline = { value: tagline.value, evidence: [{ quote: `Our tagline: ${tagline.value.toLowerCase()}!`, url: home }] };
  }
  const email = fields.contact_email as { value: string | null; evidence: { url: string }[] };
  const elsewhere = pages.find((p) => !email.evidence.some((e) => e.url === p.url));
  if (email.value && elsewhere && emailFromAnotherPage.includes(site)) {
    fields.contact_email = { value: email.value, evidence: [{ quote: `email: ${email.value}`, url: elsewhere.url }] };
  }
  (fields.categories as unknown[]).push({
    value: 'Artificial Intelligence',
    evidence: [{ quote: 'title: AI-powered', url: home }],
  });
}

async function main(): Promise<void> {
  const corpus = loadCorpus().filter((s) => !values.only || s.name === values.only);
  if (!values.synthesize && !process.env.AI_BASE_URL) {
    console.error('Set AI_BASE_URL (and AI_API_KEY, AI_MODEL) to record a model, or pass --synthesize.');
    process.exit(2);
  }

  const world = await startCorpusWorld(corpus);
  const crawler = createCrawler(world.crawlConfig());
  const recorder = values.synthesize ? null : await startRecordingProxy(process.env.AI_BASE_URL!);
  try {
    for (const site of corpus) {
      const outcome = await crawler.crawl({ url: world.urlOf(site.name) });
      if (!outcome.ok) throw new Error(`${site.name}: ${outcome.failure.message}`);
      const origin = new URL(outcome.pages[0].url).origin;
      let answer: Answer;
      let source: string;
      if (recorder) {
        const drafter = createDrafter(
          loadConfig({ ...process.env, AI_BASE_URL: recorder.baseUrl, AI_API_KEY: process.env.AI_API_KEY ?? 'none' }),
        );
        await drafter.propose({ pages: outcome.pages, categories: corpusCatalogue });
        answer = JSON.parse(recorder.lastContent()) as Answer;
        source = `recorded from model ${process.env.AI_MODEL ?? '(default)'} at ${new Date().toISOString()}`;
      } else {
        answer = synthesize(site, withOrigin(site.truth, origin), outcome.pages);
        source =
          'synthesized by test/drafting/record-completions.ts --synthesize from truth.json and the crawled pages, with typical model mistakes added; not the output of a model';
      }
      const stored = JSON.parse(JSON.stringify(answer).replaceAll(origin, '{origin}')) as Answer;
      writeFileSync(recordedAnswerPath(site.name), `${JSON.stringify({ source, answer: stored }, null, 2)}\n`);
      console.log(`${site.name}: ${source}`);
    }
  } finally {
    await recorder?.close();
    await world.close();
  }
  process.exit(0);
}

await main();
