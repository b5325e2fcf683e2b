import { draftBounds } from '../../src/domain/draft-fields.js';
import type { PageEvidence } from '../../src/domain/evidence-text.js';
import { verifyDraft, type DraftProposal } from '../../src/domain/evidence.js';

const url = 'https://acme.example/about';
const page: PageEvidence = {
  url,
  title: 'About Acme',
  meta: { description: 'Acme makes   rockets.' },
  jsonLd: [{ '@type': 'Organization', foundingDate: '2020-01-02' }],
  links: [],
  emails: [],
  media: [],
  logoUrl: null,
  text: 'Acme was founded in 2020.\nWe ship to Canada.\nIt’s fast.',
};
const proposal = (p: Partial<DraftProposal>): DraftProposal => ({ scalars: {}, lists: {}, faqs: [], socials: [], ...p });
const verify = (p: Partial<DraftProposal>) =>
  verifyDraft({ proposal: proposal(p), pages: [page], categories: ['Space', 'Rockets'] });

describe('evidence verifier', () => {
  it('keeps a value whose quote is on the cited page, whitespace-normalised, with typographic quotes folded', () => {
    const drafted = verify({
      scalars: {
        tagline: { value: 'Fast rockets', evidence: [{ quote: "It's   fast.", url }] },
        short_description: { value: 'Acme makes rockets.', evidence: [{ quote: 'description: Acme makes rockets.', url }] },
      },
    });
    expect(drafted.fields.tagline).toEqual({ value: 'Fast rockets', state: 'ai', evidence: [{ quote: "It's fast.", url }] });
    expect(drafted.fields.short_description.state).toBe('ai');
  });

  it('is case-sensitive and needs the cited page', () => {
    const drafted = verify({
      scalars: {
        tagline: {
          value: 'x',
          evidence: [
            { quote: 'acme was founded', url },
            { quote: 'Acme was founded', url: 'https://acme.example/' },
          ],
        },
      },
    });
    expect(drafted.fields.tagline).toEqual({ value: null, state: 'not_found', evidence: [] });
  });

  it('requires literal facts to appear in their quote', () => {
    const drafted = verify({
      scalars: {
        founded_year: { value: '2020', evidence: [{ quote: 'foundingDate: 2020-01-02', url }] },
        country: { value: 'CA', evidence: [{ quote: 'We ship to Canada.', url }] },
        city: { value: 'Toronto', evidence: [{ quote: 'We ship to Canada.', url }] },
        contact_email: { value: 'hi@acme.example', evidence: [{ quote: 'Acme was founded in 2020.', url }] },
      },
    });
    expect(drafted.fields.founded_year.value).toBe('2020');
    expect(drafted.fields.country.value).toBe('CA');
    expect(drafted.fields.city.state).toBe('not_found');
    expect(drafted.fields.contact_email.state).toBe('not_found');
  });

  it("takes a country named in the site's language, and only that country", () => {
    const german: PageEvidence = { ...page, text: 'Acme GmbH\nTorstraße 12\n10119 Berlin\nDeutschland' };
    const check = (value: string) =>
      verifyDraft({
        proposal: proposal({ scalars: { country: { value, evidence: [{ quote: '10119 Berlin Deutschland', url }] } } }),
        pages: [german],
        categories: [],
      }).fields.country;
    expect(check('DE')).toMatchObject({ value: 'DE', state: 'ai' });
    expect(check('AT')).toMatchObject({ value: null, state: 'not_found' });
  });

  it('takes a country a register, VAT number or legal form marks, and only that country', () => {
    const dutch: PageEvidence = { ...page, text: 'Acme B.V. · 9712 HL Groningen · KvK 72011938\nAcme, Lda. · 4710-249 Braga' };
    const check = (value: string, quote: string) =>
      verifyDraft({
        proposal: proposal({ scalars: { country: { value, evidence: [{ quote, url }] } } }),
        pages: [dutch],
        categories: [],
      }).fields.country.value;
    expect(check('NL', 'Acme B.V. · 9712 HL Groningen · KvK 72011938')).toBe('NL');
    expect(check('BE', 'Acme B.V. · 9712 HL Groningen · KvK 72011938')).toBeNull();
    expect(check('PT', 'Acme, Lda. · 4710-249 Braga')).toBe('PT');
    expect(check('BR', 'Acme, Lda. · 4710-249 Braga')).toBeNull();
  });

  it('keeps a founder who shares a surname with the next name, quoted as the page writes it', () => {
    const about: PageEvidence = { ...page, text: 'In 2018 opgericht door Koen en Lisa Mulder, broer en zus.' };
    const founders = verifyDraft({
      proposal: proposal({
        founders: [
          { name: 'Koen Mulder', url },
          { name: 'Lisa Mulder', url },
          { name: 'Koen Jansen', url },
        ],
      }),
      pages: [about],
      categories: [],
    }).founders;
    expect(founders).toEqual([
      { name: 'Koen Mulder', evidence: [{ quote: 'Koen en Lisa Mulder', url }] },
      { name: 'Lisa Mulder', evidence: [{ quote: 'Lisa Mulder', url }] },
    ]);
  });

  it("keeps a title shorter than a quote only right after the founder's name", () => {
    const team: PageEvidence = { ...page, text: 'Started by Jane Doe (CEO) and John Roe, with our CTO Ann Lee.' };
    const founders = verifyDraft({
      proposal: proposal({
        founders: [
          { name: 'Jane Doe', title: 'CEO', url },
          { name: 'John Roe', title: 'CTO', url },
        ],
      }),
      pages: [team],
      categories: [],
    }).founders;
    expect(founders.map(({ name, title }) => ({ name, title }))).toEqual([
      { name: 'Jane Doe', title: 'CEO' },
      { name: 'John Roe', title: undefined },
    ]);
  });

  it('keeps a short title a team list or card puts right after the name', () => {
    const team: PageEvidence = { ...page, text: 'Diego Muñoz — CEO\nCamila Rojas\nCTO\nFrancisca Soto — Gerenta comercial, CFO' };
    const founders = verifyDraft({
      proposal: proposal({
        founders: [
          { name: 'Diego Muñoz', title: 'CEO', url },
          { name: 'Camila Rojas', title: 'CTO', url },
          { name: 'Francisca Soto', title: 'CFO', url },
        ],
      }),
      pages: [team],
      categories: [],
    }).founders;
    expect(founders.map(({ name, title }) => ({ name, title }))).toEqual([
      { name: 'Diego Muñoz', title: 'CEO' },
      { name: 'Camila Rojas', title: 'CTO' },
      { name: 'Francisca Soto', title: undefined },
    ]);
  });

  it('refuses values without the shape of their field', () => {
    const drafted = verify({
      scalars: {
        country: { value: 'Atlantis', evidence: [{ quote: 'We ship to Canada.', url }] },
        founded_year: { value: 'long ago', evidence: [{ quote: 'Acme was founded in 2020.', url }] },
      },
    });
    expect(drafted.fields.country.state).toBe('not_found');
    expect(drafted.fields.founded_year.state).toBe('not_found');
  });

  it('enforces the spec bounds: 20 items of 200 characters, 500 characters, 20000 for description', () => {
    const quote = { quote: 'Acme was founded', url };
    const items = Array.from({ length: 25 }, (_, i) => ({ value: `feature ${i} ${'x'.repeat(300)}`, evidence: [quote] }));
    const drafted = verify({
      lists: { features: items },
      scalars: {
        tagline: { value: 'word '.repeat(200), evidence: [quote] },
        description: { value: 'word '.repeat(5000), evidence: [quote] },
      },
    });
    const features = drafted.fields.features.value as string[];
    expect(features).toHaveLength(draftBounds.listItems);
    expect(Math.max(...features.map((f) => f.length))).toBeLessThanOrEqual(200);
    expect((drafted.fields.tagline.value as string).length).toBeLessThanOrEqual(500);
    expect((drafted.fields.description.value as string).length).toBeLessThanOrEqual(20000);
  });

  it('maps categories onto catalogue names and drops the rest, first stays primary', () => {
    const quote = { quote: 'Acme was founded', url };
    const drafted = verify({
      lists: {
        categories: [
          { value: 'rockets', evidence: [quote] },
          { value: 'Mining', evidence: [quote] },
          { value: 'SPACE', evidence: [quote] },
        ],
      },
    });
    expect(drafted.fields.categories.value).toEqual(['Rockets', 'Space']);
  });

  it('rejects quotes too short to prove anything', () => {
    const drafted = verify({ scalars: { stage: { value: 'beta', evidence: [{ quote: 'We', url }] } } });
    expect(drafted.fields.stage.state).toBe('not_found');
  });
});
