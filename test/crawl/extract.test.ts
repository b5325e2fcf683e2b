import { extractPage } from '../../src/crawl/extract.js';

const html = `<!doctype html><html><head><title>Acme</title></head><body>
<header><a href="/"><img src="/brand/mark.svg" alt="Acme"></a><a href="https://x.com/acme">X</a></header>
<main>
  <section class="hero-preview"><p>Acme plans your week in one click.</p></section>
  <section class="testimonials"><p>We were founded in 2009 in Oslo, Norway.</p>
    <a href="https://www.linkedin.com/in/a-customer">LinkedIn</a></section>
  <blockquote><p>Acme saved us hours.</p></blockquote>
  <table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>$9 / month</td></tr></table>
</main>
<footer><a href="https://www.linkedin.com/company/acme">LinkedIn</a></footer>
</body></html>`;

describe('extractPage', () => {
  const page = extractPage(html, 'https://acme.test/');

  it("marks other people's words as quoted, and only those", () => {
    expect(page.blocks.filter((b) => b.tag === 'p')).toEqual([
      { tag: 'p', text: 'Acme plans your week in one click.' },
      { tag: 'p', text: 'We were founded in 2009 in Oslo, Norway.', quoted: true },
      { tag: 'p', text: 'Acme saved us hours.', quoted: true },
    ]);
  });

  it('reads table rows as their cells in order', () => {
    expect(page.blocks.filter((b) => b.tag === 'tr').map((b) => b.text)).toEqual(['Plan Price', 'Pro $9 / month']);
    // The cells themselves, so a pricing table can be read by columns as well as by rows.
    expect(page.blocks.filter((b) => b.tag === 'tr').map((b) => b.cells)).toEqual([
      ['Plan', 'Price'],
      ['Pro', '$9 / month'],
    ]);
  });

  it("takes the site's own social profiles from its header and footer before quoted people's", () => {
    expect(page.socials).toEqual({ x: 'https://x.com/acme', linkedin: 'https://www.linkedin.com/company/acme' });
  });

  it("takes the image of the header's home link as the logo", () => {
    expect(page.logoUrl).toBe('https://acme.test/brand/mark.svg');
  });
});
