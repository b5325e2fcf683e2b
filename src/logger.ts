import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>, name = 'launch-directory'): Logger {
  return pino({ name, level: config.logLevel, base: { pid: process.pid } });
}
