import { MetricsBuffer, type BufferedMetricUpdate } from '@temporalio/worker';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

type Series = { kind: 'counter'; metric: Counter } | { kind: 'gauge'; metric: Gauge } | { kind: 'histogram'; metric: Histogram };

// Durations in seconds, from a millisecond poll to a long activity.
const secondsBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const drainEveryMs = 1000;

// prom-client takes a name once per registry, and the SDK's runtime shuts down when idle: the next
// runtime's buffer (another test environment, the next recorded history) feeds the same series.
const seriesOfRegistry = new WeakMap<Registry, Map<string, Series>>();

/**
 * The Temporal SDK's own metrics (workflow and activity tasks, pollers, slots, sticky cache, gRPC
 * calls) in the process's Prometheus registry, so the worker's one metrics listener serves them
 * beside the service's. The SDK's runtime writes every update into `buffer`; they are drained into
 * prom-client series every second and before each scrape. Every SdkMetrics of one registry shares
 * its series, so a runtime installed after an earlier one shut down adds to the same counters.
 */
export class SdkMetrics {
  readonly buffer = new MetricsBuffer({ maxBufferSize: 100_000, useSecondsForDurations: true });
  readonly #series: Map<string, Series>;
  readonly #draining: NodeJS.Timeout;

  constructor(private readonly registry: Registry) {
    let series = seriesOfRegistry.get(registry);
    if (!series) {
      series = new Map();
      seriesOfRegistry.set(registry, series);
    }
    this.#series = series;
    this.#draining = setInterval(() => this.drain(), drainEveryMs).unref();
  }

  /** Stops the timer, keeping the updates the buffer still holds (a shut-down runtime's last ones). */
  stop(): void {
    clearInterval(this.#draining);
    this.drain();
  }

  drain(): void {
    for (const update of this.buffer.retrieveUpdates()) this.apply(update);
  }

  private apply({ metric, value, attributes }: BufferedMetricUpdate): void {
    const series = this.seriesOf(metric.name, metric.kind, metric.description);
    // A label the list below lacks (a newer SDK's) is left out rather than refused.
    const labels = Object.fromEntries(
      Object.entries(attributes)
        .filter(([key]) => knownLabels.has(key))
        .map(([key, v]) => [key, String(v)]),
    );
    if (series.kind === 'counter') series.metric.inc(labels, value);
    else if (series.kind === 'histogram') series.metric.observe(labels, value);
    else if (metric.kind === 'up-down-counter') series.metric.inc(labels, value);
    else series.metric.set(labels, value);
  }

  /** The prom-client series of an SDK metric, made on its first update. */
  private seriesOf(name: string, kind: BufferedMetricUpdate['metric']['kind'], description = ''): Series {
    let series = this.#series.get(name);
    if (!series) {
      // The SDK's updates carry the names of the labels they set; a metric declares the ones it may ever have.
      const base = {
        name,
        help: description || `Temporal SDK metric ${name}`,
        labelNames: sdkLabels,
        registers: [this.registry],
      };
      series =
        kind === 'counter'
          ? { kind, metric: new Counter(base) }
          : kind === 'histogram'
            ? { kind, metric: new Histogram({ ...base, buckets: secondsBuckets }) }
            : { kind: 'gauge', metric: new Gauge(base) };
      this.#series.set(name, series);
    }
    return series;
  }
}

/** The labels the SDK's metrics carry (sdk-core's metric attributes). */
const sdkLabels = [
  'service_name',
  'namespace',
  'task_queue',
  'workflow_type',
  'activity_type',
  'poller_type',
  'worker_type',
  'eager',
  'operation',
  'status_code',
  'failure_reason',
  'nexus_service',
  'nexus_operation',
  'task_timeout_type',
  'slot_type',
];
const knownLabels = new Set(sdkLabels);
