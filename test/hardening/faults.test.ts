import { faultReport, runFaultBench, type FaultRunOptions } from '../../bench/faults.js';

/**
 * The fault benchmark's short version (`npm run bench -- --only faults` runs every fault for
 * longer): the production shape from packages, a mixed workload, a worker killed and PostgreSQL
 * crashed under it; then nothing the client was told of is lost, doubled or stuck, no answer
 * was a 500 (an outage is 503 with Retry-After), and every request sent got an answer.
 */
const options: FaultRunOptions = {
  seconds: 30,
  faults: ['worker kill -9', 'PostgreSQL crash'],
  seed: 43,
  lanes: 3,
  settleSeconds: 45,
};

it('loses, doubles and strands nothing through a killed worker and a crashed PostgreSQL', async () => {
  const result = await runFaultBench(options, () => undefined);
  const report = faultReport(result, options);
  for (const outcome of result.outcomes) {
    expect({ what: outcome.what, lost: outcome.lost, doubled: outcome.doubled, stuck: outcome.stuck, report }).toEqual({
      what: outcome.what,
      lost: [],
      doubled: [],
      stuck: [],
      report,
    });
  }
  expect(result.serverErrors.filter((e) => e.status !== 503 || !e.retryAfter)).toEqual([]);
  expect(result.unanswered).toEqual([]);
  // People act under the site's hourly limit, so every follow and vote is one the check can hold to account.
  expect(result.abandoned.filter((a) => / 429 /.test(a))).toEqual([]);
  expect(result.rows.map((r) => [r.fault, r.recoverSeconds !== null])).toEqual(options.faults.map((f) => [f, true]));
  expect(result.outcomes.find((o) => o.what.startsWith('acknowledged votes'))!.expected).toBeGreaterThan(0);
}, 180_000);
