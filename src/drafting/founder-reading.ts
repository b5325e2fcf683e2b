import type { CrawledPage } from '../crawl/types.js';
import type { DraftProposal } from '../domain/evidence.js';
import { isHeading, ownBlocks, pagesAt } from './page-reading.js';

/**
 * Founders as a team page shows them: a person's name as a heading, the title right below it
 * naming them a founder, then a paragraph about them. Team members who are not founders are left
 * out, and so are people quoted elsewhere on the site.
 */
const peoplePages = /team|about|founders|people|company|a-propos|ueber-uns|quienes/;
const personName = /^\p{Lu}[\p{L}'.-]+(?: \p{Lu}[\p{L}'.-]+){1,3}$/u;
const founderTitle = /\b(co-?)?founder\b|\bfondat(eur|rice)\b|\bgründer(in)?\b|\bfundador(a)?\b/i;
const minBioChars = 40;

export function foundersOf(pages: CrawledPage[]): NonNullable<DraftProposal['founders']> {
  const founders: NonNullable<DraftProposal['founders']> = [];
  for (const page of pagesAt(pages, peoplePages)) {
    const blocks = ownBlocks(page);
    blocks.forEach((block, i) => {
      const title = blocks[i + 1];
      if (!isHeading(block) || !personName.test(block.text) || !title || isHeading(title)) return;
      if (title.text.length > 80 || !founderTitle.test(title.text)) return;
      const bio = blocks[i + 2];
      founders.push({
        name: block.text,
        title: title.text,
        ...(bio && bio.tag === 'p' && bio.text.length >= minBioChars ? { bio: bio.text } : {}),
        url: page.url,
      });
    });
  }
  return founders;
}
