/** One part of `npm run bench`: runs, then returns its Markdown for docs/benchmarks.md. */
export interface BenchSection {
  name: string;
  run(log: (line: string) => void, options: BenchOptions): Promise<string>;
}

/** Command-line knobs for a quicker run; each section has its own defaults. */
export interface BenchOptions {
  listings?: number;
  seconds?: number;
  /** Signed-in people in a load that has them. */
  people?: number;
  /** Connections per kind of load. */
  connections?: number;
  /** Keep the service's data here and reuse it (seeding only an empty catalogue); default: a temp folder. */
  dataDir?: string;
}
