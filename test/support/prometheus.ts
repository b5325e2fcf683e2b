import { createRequire } from 'node:module';

/** A series family as Prometheus reads it from the text format. */
export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: { labels?: Record<string, string>; value?: string; count?: string; sum?: string }[];
}

export interface Scrape {
  families: Map<string, MetricFamily>;
  text: string;
}

// The parser ships CommonJS without types.
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => MetricFamily[];

/** Scrapes a /metrics URL and parses it with a Prometheus text-format parser (which throws on a malformed line). */
export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  if (!res.headers.get('content-type')?.startsWith('text/plain; version=0.0.4')) {
    throw new Error(`${url} is not the Prometheus text format: ${res.headers.get('content-type')}`);
  }
  const text = await res.text();
  return { families: new Map(parse(text).map((family) => [family.name, family])), text };
}

/** The sum of the series of a counter, gauge or unlabelled histogram (its count) whose labels include `labels`. */
export function valueOf({ families }: Scrape, family: string, labels: Record<string, string> = {}): number {
  const series = (families.get(family)?.metrics ?? []).filter((m) =>
    Object.entries(labels).every(([key, value]) => m.labels?.[key] === value),
  );
  return series.reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);
}

/**
 * The count of one labelled histogram series. The parser folds a histogram's label sets into one,
 * so this reads its `_count` line, whose format the parser has checked.
 */
export function histogramCount({ text }: Scrape, family: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const line = text.split('\n').find((l) => l.startsWith(`${family}_count{${wanted}}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
