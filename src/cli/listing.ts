import { copyListingToSite } from '../listings/copy.js';
import { listRevisions } from '../listings/revisions.js';
import { goLiveNow } from '../publishing/go-live-now.js';
import { startPaidLaunch } from '../publishing/lifecycle.js';
import { grantPaidLaunch, paidLaunchOf } from '../publishing/paid-launch.js';
import { withTemporal } from './temporal.js';
import type { CliCommand } from './command.js';
import { onSite } from './database.js';
import { actionOptions } from './options.js';

const usage =
  'Usage: npm run cli -- listing history <slug> [--limit <n>]   |   listing copy <slug> --site <site key>   |   listing launch <slug> [--week YYYY-MM-DD]   |   listing go-live <slug>';

/**
 * `listing history <slug>`: the owner edits with before and after; `listing copy <slug> --site <key>`:
 * the company on another site; `listing launch <slug> [--week]`: a paid launch, for support and tests;
 * `listing go-live <slug>`: a scheduled launch moved to now by its own workflow's go-live step.
 */
export const listingCommand: CliCommand = {
  summary:
    'listing history <slug> [--limit n] | listing copy <slug> --site <key> | listing launch <slug> [--week YYYY-MM-DD] | listing go-live <slug>',
  async run(args, ctx) {
    const { action, rest, options } = actionOptions(args, ['limit', 'site', 'week']);
    const slug = rest.length === 1 ? rest[0] : undefined;
    if (action === 'history' && slug) {
      const limit = Number(options.limit ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        console.error('--limit is a whole number from 1 to 1000');
        return 2;
      }
      return onSite(ctx, async (em, siteId) => {
        const revisions = await listRevisions(em, siteId, { slug, limit });
        if (!revisions.length) return `No revisions of ${slug}.`;
        return revisions
          .map((r) => {
            const fields = Object.keys(r.after).map(
              (field) => `    ${field}: ${JSON.stringify(r.before[field])} -> ${JSON.stringify(r.after[field])}`,
            );
            const who = `${r.author ?? 'a deleted account'} via ${r.credential}${r.client_id ? ` (client ${r.client_id})` : ''}`;
            return `#${r.id} ${r.created_at} by ${who}, request ${r.request_id ?? '-'}\n${fields.join('\n') || '    (no field changed)'}`;
          })
          .join('\n');
      });
    }
    if (action === 'copy' && slug && options.site) {
      return onSite(ctx, async (em, siteId) => {
        const copy = await copyListingToSite(em, siteId, slug, options.site!);
        return `Listing ${copy.slug} (id ${copy.id}) created on the site ${copy.site}, not published.`;
      });
    }
    if (action === 'launch' && slug) {
      return onSite(ctx, async (em, siteId) => {
        const launch = await paidLaunchOf(em, ctx.config.publicUrl, siteId, slug, options.week, new Date());
        await grantPaidLaunch(em, launch.listingId, launch.week);
        await withTemporal(ctx.config, (temporal) => startPaidLaunch(temporal, launch));
        return launch.week
          ? `Paid launch of ${slug} started: scheduled for the week of ${launch.week}, live on its Monday at 00:00 UTC.`
          : `Paid launch of ${slug} started: live at once.`;
      });
    }
    if (action === 'go-live' && slug) {
      return onSite(ctx, async (em, siteId) => {
        await withTemporal(ctx.config, (temporal) => goLiveNow(em, temporal, siteId, slug));
        return `${slug} is live now; its followers are being told.`;
      });
    }
    console.error(usage);
    return 2;
  },
};
