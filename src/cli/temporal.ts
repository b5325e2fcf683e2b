import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { connectTemporal, temporalReachable, type TemporalHandle } from '../temporal.js';

/**
 * Runs `work` with a client of TEMPORAL_ADDRESS, or of the dev server `npm start` runs when it is
 * unset. Commands that start lifecycles need the service's Temporal, not one of their own.
 */
export async function withTemporal<T>(config: Config, work: (temporal: TemporalHandle) => Promise<T>): Promise<T> {
  const address = config.temporal.address ?? `127.0.0.1:${config.temporal.embeddedPort}`;
  const temporal = await connectTemporal(config, address);
  try {
    if (!(await temporalReachable(temporal))) {
      throw new AppError(
        'unavailable',
        `Temporal does not answer at ${address}: start the service (npm start) or set TEMPORAL_ADDRESS.`,
      );
    }
    return await work(temporal);
  } finally {
    await temporal.connection.close();
  }
}
