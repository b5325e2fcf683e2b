import { createSite, listSites } from '../catalogue/sites.js';
import type { CliCommand } from './command.js';
import { onSite } from './database.js';

const usage = 'Usage: npm run cli -- site create <key> <name> <url>   |   site list';

/** `site create <key> <name> <url>` adds a site; `site list` shows them. */
export const siteCommand: CliCommand = {
  summary: 'site create <key> <name> <url> | site list: the sites served from this database',
  async run(args, ctx) {
    const [action, key, name, url] = args;
    if (action === 'list' && args.length === 1) {
      return onSite(ctx, async (em) =>
        (await listSites(em)).map((s) => `${s.key}\t${s.name}\t${s.url ?? '-'}${s.is_default ? '\t(default)' : ''}`).join('\n'),
      );
    }
    if (action !== 'create' || !key || !name || !url || args.length !== 4) {
      console.error(usage);
      return 2;
    }
    return onSite(ctx, async (em) => {
      const site = await createSite(em, key, name, url);
      return `Site ${site.key} (${site.name}, ${site.url}) created. Put a listing on it with: npm run cli -- listing copy <slug> --site ${site.key}`;
    });
  },
};
