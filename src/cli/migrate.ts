import { migrate } from '../db.js';
import type { CliCommand } from './command.js';
import { withDatabase } from './database.js';

export const migrateCommand: CliCommand = {
  summary: 'Apply pending database migrations',
  async run(_args, ctx) {
    const applied = await withDatabase(ctx, migrate);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
    return 0;
  },
};
