import {
  chartSummary,
  columnChart,
  rowBarHeight,
  rowChart,
  type ColumnChart,
  type ColumnInput,
  type RowChart,
  type RowInput,
} from '../../../src/domain/charts.js';
import { html, type Html } from '../../../src/platform/html.js';

/**
 * Charts drawn on the server as inline SVG (no script), from the geometry of src/domain/charts.ts.
 * Each says what it shows to someone who cannot see it: its name, and a sentence with the total
 * and the peak; the page puts a table of the same numbers beside it.
 */
export interface ChartText {
  id: string;
  title: string;
  /** What the values count, for the sentence: "page views". */
  unit: string;
}

interface SvgText {
  id: string;
  title: string;
  summary: string;
}

/** Each line over the columns is told apart by its dashes, not by colour alone. */
const dashes = ['6 4', '2 3', '10 3 2 3', '14 5'];

function frame(chart: { width: number; height: number }, text: SvgText, marks: Html): Html {
  return html`<svg class="chart" viewBox="0 0 ${chart.width} ${chart.height}" role="img" aria-labelledby="${text.id}-title ${text.id}-desc" id="${text.id}">
<title id="${text.id}-title">${text.title}</title><desc id="${text.id}-desc">${text.summary}</desc>${marks}</svg>`;
}

/** Columns by hour or day on a scale with grid lines, and any lines over them (with their legend). */
export function columnFigure(input: ColumnInput, text: ChartText): Html {
  const summary = chartSummary(input.labels, input.values, text.unit);
  return columnSvg(columnChart(input), { ...text, summary });
}

/** Horizontal bars, each under its name, with the number at the bar's end. */
export function rowFigure(input: RowInput, text: ChartText): Html {
  const summary = chartSummary(
    input.items.map((i) => i.label),
    input.items.map((i) => i.value),
    text.unit,
  );
  return rowSvg(rowChart(input), { ...text, summary });
}

function columnSvg(chart: ColumnChart, text: SvgText): Html {
  const grid = chart.grid.map(
    (g) => html`<line class="grid" x1="${chart.left}" x2="${chart.right}" y1="${g.y}" y2="${g.y}"/>
<text class="scale" x="${chart.left - 6}" y="${g.y + 4}" text-anchor="end">${g.value}</text>`,
  );
  const columns = chart.columns.map(
    (c) =>
      html`<rect class="column" x="${c.x}" y="${c.y}" width="${c.width}" height="${c.height}"><title>${c.label}: ${c.value}</title></rect>`,
  );
  const labels = chart.labels.map((l) => html`<text class="scale" x="${l.x}" y="${l.y}" text-anchor="middle">${l.text}</text>`);
  const lines = chart.lines.map(
    (line, i) =>
      html`<polyline class="line line-${i}" stroke-dasharray="${dashes[i % dashes.length]}" points="${line.points.map((p) => `${p.x},${p.y}`).join(' ')}"/>`,
  );
  const svg = frame(chart, text, html`${grid}${columns}${lines}${labels}`);
  if (chart.lines.length === 0) return svg;
  const legend = chart.lines.map(
    (line, i) =>
      html`<li><svg class="swatch" viewBox="0 0 28 10" aria-hidden="true"><line class="line line-${i}" stroke-dasharray="${dashes[i % dashes.length]}" x1="0" x2="28" y1="5" y2="5"/></svg> ${line.name}</li>`,
  );
  return html`${svg}<ul class="legend"><li><svg class="swatch" viewBox="0 0 28 10" aria-hidden="true"><rect class="column" x="0" y="0" width="28" height="10"/></svg> ${text.title}</li>${legend}</ul>`;
}

function rowSvg(chart: RowChart, text: SvgText): Html {
  const rows = chart.rows.map(
    (r) => html`<text class="scale" x="0" y="${r.labelY}">${r.text}</text>
<rect class="column" x="0" y="${r.barY}" width="${r.width}" height="${rowBarHeight}"/>
<text class="value" x="${r.valueX}" y="${r.barY + rowBarHeight - 4}">${r.value}</text>`,
  );
  return frame(chart, text, html`${rows}`);
}
