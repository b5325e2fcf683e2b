import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for a serving process, before it has allocated
 * anything that lasts. Early in a process, while scavenges come every few milliseconds, the
 * objects of the few requests in flight survive them, and V8 decides for good that those sites
 * allocate straight into old space. From then on every request fills old space: a scavenge took
 * 5 ms instead of 2, and launch day's tails grew by half (docs/benchmarks.md, launch day).
 */
export function keepRequestGarbageYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
