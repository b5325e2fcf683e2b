import { draftFieldNames } from '../../src/domain/draft-fields.js';
import { scoreCorpus, scoreSite, wordF1, type DraftValues, type SiteTruth } from '../support/draft-scoring.js';

const blankFields = () => Object.fromEntries(draftFieldNames.map((f) => [f, null])) as DraftValues['fields'];

const truth: SiteTruth = {
  language: 'en',
  traits: [],
  rendered: false,
  fields: {
    ...blankFields(),
    name: 'Harborly',
    description: 'Harborly is project management software for architecture studios.',
    city: 'Copenhagen',
    founded_year: '2020',
    features: ['Timesheets per phase', 'Drawing register'],
  },
  founders: [{ name: 'Maya Lindqvist', title: 'Co-founder & CEO' }],
  faqs: [],
  socials: { x: 'https://x.com/harborlyhq' },
  traps: [{ field: 'founded_year', value: '2012', where: 'blog post' }],
};
const exact: DraftValues = { fields: truth.fields, founders: truth.founders, faqs: truth.faqs, socials: truth.socials };

describe('drafting scorer', () => {
  it('scores a draft equal to the truth as precision 1, recall 1, nothing invented', () => {
    const score = scoreCorpus([scoreSite('harborly', truth, exact, 10)]);
    expect(score).toMatchObject({ precision: 1, recall: 1, trapsTaken: [], medianMs: 10 });
    expect(score.overall).toEqual({ kept: 8, correct: 8, truth: 8, found: 8, invented: 0 });
  });

  it('fails the corpus thresholds for a draft that takes a bio, a trap and an invented value', () => {
    const bad: DraftValues = {
      ...exact,
      fields: {
        ...exact.fields,
        description: 'Maya spent ten years at large studios in Stockholm before moving into software.',
        founded_year: '2012',
        contact_email: 'jobs@harborly.test',
      },
    };
    const score = scoreCorpus([scoreSite('harborly', truth, bad, 10)]);
    expect(score.parts.description).toMatchObject({ kept: 1, correct: 0, found: 0 });
    expect(score.parts.contact_email.invented).toBe(1);
    expect(score.trapsTaken).toEqual(['harborly: founded_year = 2012 (blog post)']);
    // The same thresholds as test/drafting/corpus.test.ts: this draft would fail them.
    expect(score.precision).toBeLessThan(0.95);
    expect(score.recall).toBeLessThan(0.85);
    expect(score.overall.invented).toBeGreaterThan(0);
  });

  it('counts a missing value against recall only, and a wrong list item against precision only', () => {
    const partial: DraftValues = {
      ...exact,
      fields: { ...exact.fields, city: null, features: ['Timesheets per phase', 'Drawing register', 'Coffee machine'] },
    };
    const { parts } = scoreSite('harborly', truth, partial, 1);
    expect(parts.city).toEqual({ kept: 0, correct: 0, truth: 1, found: 0, invented: 0 });
    expect(parts.features).toEqual({ kept: 3, correct: 2, truth: 2, found: 2, invented: 0 });
  });

  it('takes a founder only with the right title, and a social profile of a platform the truth lacks as invented', () => {
    const other: DraftValues = {
      ...exact,
      founders: [{ name: 'Maya Lindqvist', title: 'Head of Customer Success' }],
      socials: { ...exact.socials, linkedin: 'https://www.linkedin.com/in/someone' },
    };
    const { parts } = scoreSite('harborly', truth, other, 1);
    expect(parts.founders).toMatchObject({ kept: 1, correct: 0, found: 0 });
    expect(parts.company_socials).toMatchObject({ kept: 2, correct: 1, invented: 1 });
  });

  it('matches a founder named without a title only to a truth without one', () => {
    const untitled: SiteTruth = { ...truth, founders: [{ name: 'Maya Lindqvist' }] };
    const bare: DraftValues = { ...exact, founders: [{ name: 'Maya Lindqvist' }] };
    expect(scoreSite('harborly', untitled, bare, 1).parts.founders).toMatchObject({ kept: 1, correct: 1, found: 1 });
    expect(scoreSite('harborly', truth, bare, 1).parts.founders).toMatchObject({ kept: 1, correct: 0, found: 0 });
    expect(scoreSite('harborly', untitled, exact, 1).parts.founders).toMatchObject({ kept: 1, correct: 0, found: 0 });
  });

  it('matches free text by shared words', () => {
    expect(
      wordF1('Free: up to 2 agents; Team: $15 per agent per month.', 'Free: up to 2 agents. Team: $15 per agent per month.'),
    ).toBe(1);
    expect(wordF1('Maya spent ten years in Stockholm', 'Harborly is project management software')).toBe(0);
  });
});
