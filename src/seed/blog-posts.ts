import { addDays } from '../domain/weeks.js';
import { slugify } from './generate.js';
import { blogTopics } from './vocabulary.js';

/** The demo blog: one post per topic, a week apart, newest first, each with Markdown and FAQs. */
export function demoBlogPosts(now: Date) {
  return blogTopics.map((topic, i) => ({
    slug: slugify(topic.title),
    title: topic.title,
    summary: `A short guide on ${topic.words.join(', ')} for makers launching on the directory.`,
    body_markdown: [
      `# ${topic.title}`,
      '',
      `Most makers think about ${topic.words[0]} too late. This guide walks through what to do before, during and after your launch week.`,
      '',
      '## What to do first',
      '',
      ...topic.words.map((w) => `- Decide how **${w}** fits your launch.`),
      '',
      '## Why it matters',
      '',
      `Listings are ranked by community votes; billboard placements are paid and labelled as such. Good ${topic.words[1]} helps people understand your product in seconds.`,
    ].join('\n'),
    faqs: [
      {
        question: `Does ${topic.words[0]} affect my ranking?`,
        answer: 'Rankings follow community votes only; the billboard is a separate, paid ranking.',
      },
      {
        question: 'Where can I ask more questions?',
        answer: 'Reply to this post or write to the site team from your account page.',
      },
    ],
    author: 'The editors',
    published_at: addDays(now, -7 * i - 1).toISOString(),
  }));
}
