import { Counter, type Metric, type Registry } from 'prom-client';

/*
 * Series bumped on every request, kept in plain maps and arrays and handed to prom-client when
 * scraped. prom-client hashes and checks the labels of every call and makes a closure for each
 * observation: more than a cached read's routing costs.
 */

/**
 * A counter by one or two labels whose bumps are tallied in nested maps (a label value from a
 * constant or a small number keeps its hash, so a bump hashes nothing new) and added to its series
 * when scraped.
 */
export function talliedCounter<Label extends string>(config: {
  name: string;
  help: string;
  labelNames: readonly [Label] | readonly [Label, Label];
  registers: Registry[];
}) {
  const [firstName, secondName] = config.labelNames;
  const tally = new Map<string, Map<string, number>>();
  const counter = new Counter<Label>({
    ...config,
    collect() {
      for (const [first, counts] of tally) {
        for (const [second, n] of counts) {
          this.inc(
            (secondName ? { [firstName]: first, [secondName]: second } : { [firstName]: first }) as Record<Label, string>,
            n,
          );
        }
      }
      tally.clear();
    },
  });
  /** One more for these label values, in the order of `labelNames`. */
  const count = (first: string, second = ''): void => {
    let counts = tally.get(first);
    if (!counts) tally.set(first, (counts = new Map<string, number>()));
    counts.set(second, (counts.get(second) ?? 0) + 1);
  };
  return { counter, count };
}

/** The observations of one label value: a count per bucket (the last one past every bound) and their sum. */
class Observations {
  readonly counts: Float64Array;
  sum = 0;

  constructor(buckets: number) {
    this.counts = new Float64Array(buckets + 1);
  }
}

/**
 * A histogram by one label, written as prom-client's Histogram writes it (cumulative `_bucket`
 * lines by `le`, then `_sum` and `_count`), whose observation is a lookup and two writes. The
 * registry reads a metric's name, help, type, aggregator, `get()` and `reset()`, nothing else.
 */
export class TalliedHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, Observations>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelName: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** A series at 0 for `labelValue`, so that a rate over it exists before its first observation. */
  zero(labelValue: string): void {
    this.#seriesOf(labelValue);
  }

  observe(labelValue: string, value: number): void {
    const series = this.#seriesOf(labelValue);
    let bucket = 0;
    while (bucket < this.buckets.length && value > this.buckets[bucket]) bucket++;
    series.counts[bucket]++;
    series.sum += value;
  }

  #seriesOf(labelValue: string): Observations {
    let series = this.#series.get(labelValue);
    if (!series) this.#series.set(labelValue, (series = new Observations(this.buckets.length)));
    return series;
  }

  get() {
    const { name, labelName } = this;
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const [labelValue, { counts, sum }] of this.#series) {
      let below = 0;
      for (let i = 0; i < counts.length; i++) {
        below += counts[i];
        const le = i < this.buckets.length ? this.buckets[i] : '+Inf';
        values.push({ labels: { le, [labelName]: labelValue }, value: below, metricName: `${name}_bucket` });
      }
      values.push({ labels: { [labelName]: labelValue }, value: sum, metricName: `${name}_sum` });
      values.push({ labels: { [labelName]: labelValue }, value: below, metricName: `${name}_count` });
    }
    return Promise.resolve({ name, help: this.help, type: this.type, values, aggregator: this.aggregator });
  }

  reset(): void {
    this.#series.clear();
  }
}
