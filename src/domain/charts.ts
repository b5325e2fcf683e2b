/**
 * The geometry of the server-drawn charts on the owner's stats page: where each bar, line, grid
 * line and label stands in an SVG viewBox. Pure: the page writes the markup from this plan, and a
 * table beside each chart carries the same numbers.
 */

/** The plotting area inside the viewBox: room on the left for the scale, below for the labels. */
const frame = { left: 52, right: 8, top: 16, bottom: 28 };

export interface Gridline {
  value: number;
  y: number;
}

/** A value scale from 0 to a round maximum in 1, 2 or 5 times a power of ten steps, at most `maxSteps` of them. */
export function niceScale(max: number, maxSteps = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / maxSteps;
  const power = 10 ** Math.floor(Math.log10(rough));
  // Counts are whole: a step is never below 1.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

export interface ColumnInput {
  /** One label per column, in order (hours, days). */
  labels: readonly string[];
  /** One value per column. */
  values: readonly number[];
  /** Lines drawn over the columns on the same scale, each with one value per column. */
  lines?: readonly { name: string; values: readonly number[] }[];
  /** Write every n-th label only, so that narrow columns keep readable labels. */
  labelEvery?: number;
  width?: number;
  height?: number;
}

export interface ColumnChart {
  width: number;
  height: number;
  /** The baseline's y and the plotting area's left and right x. */
  baseline: number;
  left: number;
  right: number;
  grid: Gridline[];
  columns: { label: string; value: number; x: number; y: number; width: number; height: number }[];
  labels: { text: string; x: number; y: number }[];
  lines: { name: string; points: { x: number; y: number }[] }[];
}

/** Columns (a bar per hour or day) with optional lines on the same scale. */
export function columnChart(input: ColumnInput): ColumnChart {
  const width = input.width ?? 600;
  const height = input.height ?? 220;
  const lines = input.lines ?? [];
  const count = input.labels.length;
  const plotWidth = width - frame.left - frame.right;
  const plotHeight = height - frame.top - frame.bottom;
  const baseline = frame.top + plotHeight;
  const ticks = niceScale(Math.max(0, ...input.values, ...lines.flatMap((l) => l.values)));
  const top = ticks[ticks.length - 1];
  const yOf = (value: number) => round(baseline - (value / top) * plotHeight);
  const slot = count > 0 ? plotWidth / count : plotWidth;
  const gap = Math.min(4, slot * 0.2);
  const centre = (i: number) => frame.left + slot * i + slot / 2;
  const every = Math.max(1, input.labelEvery ?? 1);
  return {
    width,
    height,
    baseline,
    left: frame.left,
    right: width - frame.right,
    grid: ticks.map((value) => ({ value, y: yOf(value) })),
    columns: input.labels.map((label, i) => {
      const value = input.values[i] ?? 0;
      const y = yOf(value);
      return {
        label,
        value,
        x: round(frame.left + slot * i + gap / 2),
        y,
        width: round(slot - gap),
        height: round(baseline - y),
      };
    }),
    labels: input.labels.flatMap((text, i) => (i % every === 0 ? [{ text, x: round(centre(i)), y: baseline + 18 }] : [])),
    lines: lines.map((line) => ({
      name: line.name,
      points: input.labels.map((_, i) => ({ x: round(centre(i)), y: yOf(line.values[i] ?? 0) })),
    })),
  };
}

export interface RowInput {
  items: readonly { label: string; value: number }[];
  width?: number;
}

export interface RowChart {
  width: number;
  height: number;
  /** `text` is the label cut to fit the width; the table beside the chart has it whole. */
  rows: { label: string; text: string; value: number; labelY: number; barY: number; width: number; valueX: number }[];
}

/** Each row: its name on a line of its own (room for long names on a phone), the bar under it. */
const row = { height: 48, label: 18, bar: 18, valueRoom: 56, characters: 44 };

/** Horizontal bars, one per named item (places, referring sites), in the order given. */
export function rowChart(input: RowInput): RowChart {
  const width = input.width ?? 600;
  const room = width - row.valueRoom;
  const max = Math.max(0, ...input.items.map((i) => i.value));
  return {
    width,
    height: Math.max(1, input.items.length) * row.height,
    rows: input.items.map((item, i) => {
      const barWidth = max > 0 ? round((item.value / max) * room) : 0;
      return {
        label: item.label,
        text: item.label.length > row.characters ? `${item.label.slice(0, row.characters - 1)}…` : item.label,
        value: item.value,
        labelY: i * row.height + row.label,
        barY: i * row.height + row.label + 6,
        width: barWidth,
        valueX: barWidth + 6,
      };
    }),
  };
}

/** The bar height a row chart draws. */
export const rowBarHeight = row.bar;

/** One sentence a screen reader hears for a chart: the total and where it peaked. */
export function chartSummary(labels: readonly string[], values: readonly number[], unit: string): string {
  const total = values.reduce((sum, v) => sum + v, 0);
  if (total === 0) return `No ${unit} in this period.`;
  const peak = values.indexOf(Math.max(...values));
  return `${total} ${unit} in all; the most, ${values[peak]}, at ${labels[peak]}.`;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
