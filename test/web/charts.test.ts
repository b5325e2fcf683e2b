import { columnFigure, rowFigure } from '../../api/web/shared/charts.js';

/** The charts' markup: named and summed up for screen readers, every value a mark, text escaped. */
describe('server-drawn charts', () => {
  it('draws a column per value with its title, a summary and a legend for its lines', () => {
    const markup = columnFigure(
      { labels: ['00:00', '01:00', '02:00'], values: [1, 4, 0], lines: [{ name: 'The week’s median', values: [2, 2, 2] }] },
      { id: 'votes', title: 'Your votes', unit: 'votes' },
    ).toString();
    expect(markup).toMatch(
      /^<svg class="chart" viewBox="0 0 600 220" role="img" aria-labelledby="votes-title votes-desc" id="votes">/,
    );
    expect(markup).toContain(
      '<title id="votes-title">Your votes</title><desc id="votes-desc">5 votes in all; the most, 4, at 01:00.</desc>',
    );
    expect(markup.match(/<rect class="column"[^>]*><title>/g)).toHaveLength(3);
    expect(markup).toContain('<title>01:00: 4</title>');
    expect(markup.match(/<polyline class="line line-0"/g)).toHaveLength(1);
    expect(markup).toContain('<ul class="legend">');
    expect(markup).toContain('The week’s median</li>');
    expect(markup).not.toContain('<script');
  });

  it('leaves out the legend when there is no line', () => {
    const markup = columnFigure({ labels: ['Mon'], values: [3] }, { id: 'week', title: 'Views', unit: 'views' }).toString();
    expect(markup).not.toContain('legend');
  });

  it('escapes names that come from outside, such as a referring site', () => {
    const markup = rowFigure(
      { items: [{ label: '<script>alert(1)</script>', value: 2 }] },
      { id: 'referrers', title: 'Visits "by" site', unit: 'visits' },
    ).toString();
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('<title id="referrers-title">Visits &quot;by&quot; site</title>');
    expect(markup).toMatch(/<text class="value" x="[\d.]+" y="[\d.]+">2<\/text>/);
  });
});
