import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

export interface CliContext {
  config: Config;
  log: Logger;
}

export interface CliCommand {
  summary: string;
  /** Returns the exit code. */
  run(args: string[], ctx: CliContext): Promise<number>;
}
