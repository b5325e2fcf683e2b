import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { slugify } from '../seed/generate.js';
import { importCategories, upsertBlogPost } from '../catalogue/editorial.js';
import { addInterviewQuestions } from '../catalogue/interview-questions.js';
import { setProductPrice } from '../catalogue/products.js';
import type { CliCommand } from './command.js';
import { categoryTreeSchema, faqSchema, readJsonFile, slugSchema } from './catalogue-input.js';
import { onSite } from './database.js';
import { AppError } from '../errors.js';

export const setPriceCommand: CliCommand = {
  summary: 'Set a product price in USD cents, VAT excluded: set-price <product key> <cents>',
  async run(args, ctx) {
    const [key, cents] = args;
    if (!key || !/^\d{1,9}$/.test(cents ?? '')) {
      console.error('Usage: set-price <product key> <price in USD cents>   e.g. set-price launch 4900');
      return 2;
    }
    return onSite(ctx, async (em, siteId) => {
      const { before, after } = await setProductPrice(em, siteId, key, Number(cents));
      return `${key}: ${before} -> ${after} USD cents (VAT excluded)`;
    });
  },
};

export const importCategoriesCommand: CliCommand = {
  summary: 'Create or update categories from a JSON tree: import-categories <file.json>',
  async run(args, ctx) {
    if (!args[0]) {
      console.error('Usage: import-categories <file.json>   (array of {slug, name, description?, faqs?, subcategories?})');
      return 2;
    }
    return onSite(
      ctx,
      async (em, siteId) => `${await importCategories(em, siteId, readJsonFile(args[0], categoryTreeSchema))} categories written`,
    );
  },
};

export const addBlogPostCommand: CliCommand = {
  summary:
    'Publish a Markdown blog post: add-blog-post <file.md> [--faqs f.json] [--slug s] [--title t] [--summary s] [--author a] [--date YYYY-MM-DD]',
  async run(args, ctx) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        faqs: { type: 'string' },
        slug: { type: 'string' },
        title: { type: 'string' },
        summary: { type: 'string' },
        author: { type: 'string' },
        date: { type: 'string' },
      },
    });
    if (!positionals[0]) {
      console.error(
        'Usage: add-blog-post <file.md> [--faqs faqs.json] [--slug slug] [--title title] [--summary text] [--author name] [--date YYYY-MM-DD]',
      );
      return 2;
    }
    return onSite(ctx, async (em, siteId) => {
      const markdown = readFileSync(positionals[0], 'utf8');
      const title = values.title ?? /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
      if (!title) throw new AppError('invalid_input', 'No title: give --title or start the file with a "# Title" line.');
      const slug = values.slug ?? slugify(title);
      if (!slugSchema.safeParse(slug).success)
        throw new AppError('invalid_input', `Slug "${slug}" must match ^[a-z0-9][a-z0-9-]{0,219}$.`);
      const publishedAt = values.date ? new Date(`${values.date}T00:00:00Z`) : new Date();
      if (Number.isNaN(publishedAt.getTime())) throw new AppError('invalid_input', '--date must be YYYY-MM-DD.');
      const faqs = values.faqs ? readJsonFile(values.faqs, z.array(faqSchema).max(20)) : [];
      const summary = values.summary ?? firstParagraph(markdown);
      const created = await upsertBlogPost(em, siteId, {
        slug,
        title,
        summary,
        markdown,
        faqs,
        author: values.author,
        publishedAt,
      });
      return `${created ? 'Published' : 'Updated'} /blog/${slug} with ${faqs.length} FAQs`;
    });
  },
};

export const addInterviewQuestionsCommand: CliCommand = {
  summary: 'Add founder interview questions: add-interview-questions <file.txt (one a line)> | "question"...',
  async run(args, ctx) {
    if (!args.length) {
      console.error('Usage: add-interview-questions <file.txt> | "First question?" "Second question?"');
      return 2;
    }
    return onSite(ctx, async (em, siteId) => {
      const lines = args.length === 1 && args[0].endsWith('.txt') ? readFileSync(args[0], 'utf8').split('\n') : args;
      const questions = lines.map((l) => l.trim()).filter(Boolean);
      const tooLong = questions.find((q) => q.length > 500);
      if (tooLong) throw new AppError('invalid_input', `Questions are at most 500 characters: "${tooLong.slice(0, 40)}..."`);
      return `${await addInterviewQuestions(em, siteId, questions)} of ${questions.length} questions added (the others were already there)`;
    });
  },
};

function firstParagraph(markdown: string): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !p.startsWith('#')) ?? '';
  return paragraph.replace(/\s+/g, ' ').slice(0, 500);
}
