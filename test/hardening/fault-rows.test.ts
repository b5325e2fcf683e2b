import type { Exchange } from '../../bench/faults/client.js';
import { faultRows, outsideFaults, type FaultWindow } from '../../bench/faults/faults.js';

/**
 * The fault table's attribution: a request counts against the fault that lasted when it failed,
 * so one in flight when an api process is killed (sent before the kill) is that kill's.
 */
const exchange = (at: number, endedAt: number, status: number, detail?: string): Exchange => ({
  at,
  endedAt,
  origin: 'http://api-1',
  what: 'choose_free_listing',
  status,
  retryAfter: null,
  detail,
});

const kill: FaultWindow = { fault: 'api kill -9', start: 10_000, end: 20_000 };

it('counts a request cut by a kill against the kill, though it was sent before', () => {
  const cut = exchange(4_000, 10_050, 0, 'UND_ERR_SOCKET');
  const retried = exchange(10_150, 10_400, 200);
  const [row] = faultRows([kill], [cut, retried]);
  expect(row).toMatchObject({ failed: 1, serverErrors: { 'no answer (UND_ERR_SOCKET)': 1 } });
  expect(row.recoverSeconds).toBeCloseTo(0.4);
  expect(outsideFaults([cut], [kill])).toEqual([]);
});

it('leaves a request cut while no fault lasted to nothing', () => {
  const cut = exchange(30_000, 30_500, 0, 'UND_ERR_SOCKET');
  const [row] = faultRows([kill], [cut]);
  expect(row).toMatchObject({ failed: 0, recoverSeconds: 0 });
  expect(outsideFaults([cut], [kill])).toEqual([cut]);
});
