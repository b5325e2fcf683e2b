import { Counter, Histogram, Registry } from 'prom-client';
import { TalliedHistogram, talliedCounter } from '../../src/platform/tallies.js';

/**
 * The tallied series are written as prom-client writes its own: the same observations give the
 * same Prometheus text, whichever bucket, bound or label value they fall on.
 */
const buckets = [0.001, 0.01, 0.1, 1];
const observations: [string, number][] = [
  ['get_listing', 0.0004],
  ['get_listing', 0.001],
  ['get_listing', 0.0011],
  ['search', 0.5],
  ['get_listing', 0.09],
  ['search', 7],
  ['search', 1],
];

it('writes a histogram as prom-client does', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const tallied = new TalliedHistogram('took_seconds', 'How long.', 'operation', buckets, ours);
  const histogram = new Histogram({
    name: 'took_seconds',
    help: 'How long.',
    labelNames: ['operation'],
    buckets,
    registers: [theirs],
  });
  tallied.zero('list_categories');
  histogram.zero({ operation: 'list_categories' });
  for (const [operation, seconds] of observations) {
    tallied.observe(operation, seconds);
    histogram.observe({ operation }, seconds);
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
  expect(await ours.metrics()).toContain('took_seconds_bucket{le="0.001",operation="get_listing"} 2');

  ours.resetMetrics();
  theirs.resetMetrics();
  expect(await ours.metrics()).toBe(await theirs.metrics());
});

it('adds the tally of a counter to its series when scraped, and only once', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const { count } = talliedCounter({
    name: 'calls_total',
    help: 'Calls.',
    labelNames: ['operation', 'status'],
    registers: [ours],
  });
  const counter = new Counter({ name: 'calls_total', help: 'Calls.', labelNames: ['operation', 'status'], registers: [theirs] });
  for (const [operation, status] of [
    ['get_listing', '200'],
    ['get_listing', '404'],
    ['get_listing', '200'],
  ]) {
    count(operation, status);
    counter.inc({ operation, status });
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
  expect(await ours.metrics()).toBe(await theirs.metrics());
  expect(await ours.metrics()).toContain('calls_total{operation="get_listing",status="200"} 2');

  const lookups = talliedCounter({ name: 'lookups_total', help: 'Lookups.', labelNames: ['result'], registers: [ours] });
  const theirLookups = new Counter({ name: 'lookups_total', help: 'Lookups.', labelNames: ['result'], registers: [theirs] });
  for (const result of ['hit', 'miss', 'hit']) {
    lookups.count(result);
    theirLookups.inc({ result });
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
  expect(await ours.metrics()).toContain('lookups_total{result="hit"} 2');
});
