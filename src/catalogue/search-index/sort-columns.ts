import type { SearchRow } from './listing-index.js';

/** What the sorts read, per slot, in typed arrays: a match's keys are read without touching its entry. */
export class SortColumns {
  id = new Float64Array(0);
  votes = new Float64Array(0);
  followers = new Float64Array(0);
  views = new Float64Array(0);
  /** Microseconds since the epoch of what `newest` orders by. */
  newestUs = new Float64Array(0);
  /** Seconds since the epoch trending counts from. */
  trendingFrom = new Float64Array(0);
  /** Days since the epoch of the launch week, NaN without one. */
  launchDay = new Float64Array(0);

  set(slot: number, row: SearchRow): void {
    if (slot >= this.id.length) this.grow(Math.max(slot + 1, this.id.length * 2));
    this.id[slot] = row.id;
    this.votes[slot] = row.vote_count;
    this.followers[slot] = row.follower_count;
    this.views[slot] = row.view_count;
    this.newestUs[slot] = row.newest_us;
    this.trendingFrom[slot] = row.trending_from;
    this.launchDay[slot] = row.launch_day ?? NaN;
  }

  private grow(size: number): void {
    for (const column of ['id', 'votes', 'followers', 'views', 'newestUs', 'trendingFrom', 'launchDay'] as const) {
      const grown = new Float64Array(size);
      grown.set(this[column]);
      this[column] = grown;
    }
  }
}
