/** One part of `npm run bench`: runs, then returns its Markdown for docs/benchmarks.md. */
export interface BenchSection {
  name: string;
  run(log: (line: string) => void): Promise<string>;
}
