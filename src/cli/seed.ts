import { parseArgs } from 'node:util';
import { migrate } from '../db.js';
import { catalogueIsEmpty, seedCatalogue } from '../seed/catalogue.js';
import type { CliCommand } from './command.js';
import { defaultSiteId, withDatabase } from './database.js';

export const seedCommand: CliCommand = {
  summary: 'Fill an empty catalogue with deterministic demo data: seed [--listings N] [--seed S]',
  async run(args, ctx) {
    const { values } = parseArgs({ args, options: { listings: { type: 'string' }, seed: { type: 'string' } } });
    const listings = Number(values.listings ?? ctx.config.seedListings);
    const seed = Number(values.seed ?? 42);
    if (!Number.isInteger(listings) || listings < 1 || listings > 1_000_000 || !Number.isInteger(seed)) {
      console.error('--listings must be an integer from 1 to 1000000 and --seed an integer.');
      return 2;
    }
    return withDatabase(ctx, async (orm) => {
      await migrate(orm);
      const em = orm.em.fork();
      const siteId = await defaultSiteId(em);
      if (!(await catalogueIsEmpty(em, siteId))) {
        console.error('The catalogue already has listings; seed only fills an empty one.');
        return 1;
      }
      const started = Date.now();
      await seedCatalogue(em, siteId, {
        listings,
        now: new Date(),
        seed,
        onProgress: (done) => process.stdout.write(`\r${done} listings`),
        onStep: (step, ms) => console.log(`\r${step}: ${(ms / 1000).toFixed(1)} s`),
      });
      const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
      console.log(`Seeded ${listings} listings in ${((Date.now() - started) / 1000).toFixed(1)} s; peak RSS ${peakMb} MB.`);
      return 0;
    });
  },
};
