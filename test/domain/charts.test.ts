import { chartSummary, columnChart, niceScale, rowChart } from '../../src/domain/charts.js';

describe('chart geometry', () => {
  it('scales to a round maximum in whole steps', () => {
    expect(niceScale(0)).toEqual([0, 1]);
    expect(niceScale(1)).toEqual([0, 1]);
    expect(niceScale(2)).toEqual([0, 1, 2]);
    expect(niceScale(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceScale(13)).toEqual([0, 5, 10, 15]);
    expect(niceScale(100)).toEqual([0, 50, 100]);
    expect(niceScale(2_345)).toEqual([0, 1000, 2000, 3000]);
  });

  it('draws a column per value, its height in proportion, on the baseline', () => {
    const chart = columnChart({ labels: ['a', 'b', 'c', 'd'], values: [0, 2, 4, 1], width: 260, height: 144 });
    // The plot is 200 wide and 100 high: the scale tops at 4.
    expect(chart.baseline).toBe(116);
    expect(chart.grid.map((g) => [g.value, g.y])).toEqual([
      [0, 116],
      [1, 91],
      [2, 66],
      [3, 41],
      [4, 16],
    ]);
    expect(chart.columns.map((c) => c.height)).toEqual([0, 50, 100, 25]);
    expect(chart.columns.map((c) => c.y + c.height)).toEqual([116, 116, 116, 116]);
    expect(chart.columns.map((c) => c.x)).toEqual([54, 104, 154, 204]);
    expect(chart.columns.every((c) => c.width === 46)).toBe(true);
  });

  it('writes every n-th label under its column', () => {
    const labels = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    const chart = columnChart({ labels, values: labels.map(() => 1), labelEvery: 6 });
    expect(chart.labels.map((l) => l.text)).toEqual(['00:00', '06:00', '12:00', '18:00']);
    expect(chart.labels[1].x).toBeCloseTo(chart.columns[6].x + chart.columns[6].width / 2, 0);
  });

  it('puts lines on the columns’ scale, a point over each column', () => {
    const chart = columnChart({
      labels: ['a', 'b'],
      values: [1, 2],
      lines: [{ name: 'median', values: [8, 0] }],
      width: 260,
      height: 144,
    });
    // The line's 8 sets the scale: the columns shrink under it.
    expect(chart.grid.at(-1)!.value).toBe(8);
    expect(chart.lines[0].points).toEqual([
      { x: 102, y: 16 },
      { x: 202, y: 116 },
    ]);
    expect(chart.columns.map((c) => c.height)).toEqual([12.5, 25]);
  });

  it('draws nothing tall for an empty period', () => {
    const chart = columnChart({ labels: ['a', 'b'], values: [0, 0] });
    expect(chart.columns.every((c) => c.height === 0)).toBe(true);
    expect(columnChart({ labels: [], values: [] }).columns).toEqual([]);
  });

  it('draws rows in proportion to the largest', () => {
    const chart = rowChart({
      items: [
        { label: 'listing', value: 4 },
        { label: 'leaderboard', value: 1 },
        { label: 'feed', value: 0 },
      ],
    });
    // 600 wide, 56 kept for the number at the bar's end.
    expect(chart.rows.map((r) => r.width)).toEqual([544, 136, 0]);
    expect(chart.rows.map((r) => r.valueX)).toEqual([550, 142, 6]);
    expect(chart.rows.map((r) => r.label)).toEqual(['listing', 'leaderboard', 'feed']);
    // Each name stands above its bar.
    expect(chart.rows.map((r) => [r.labelY, r.barY])).toEqual([
      [18, 24],
      [66, 72],
      [114, 120],
    ]);
    expect(chart.height).toBe(144);
    expect(rowChart({ items: [] }).height).toBeGreaterThan(0);
    const host = `${'a'.repeat(40)}.example`;
    const long = rowChart({ items: [{ label: host, value: 1 }] }).rows[0];
    expect([long.label, long.text]).toEqual([host, `${'a'.repeat(40)}.ex…`]);
  });

  it('sums a chart up in a sentence', () => {
    expect(chartSummary(['Mon', 'Tue', 'Wed'], [1, 5, 2], 'clicks')).toBe('8 clicks in all; the most, 5, at Tue.');
    expect(chartSummary(['Mon'], [0], 'clicks')).toBe('No clicks in this period.');
  });
});
