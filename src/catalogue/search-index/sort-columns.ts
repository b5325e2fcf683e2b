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

  set(
    slot: number,
    values: {
      id: number;
      votes: number;
      followers: number;
      views: number;
      newestUs: number;
      trendingFrom: number;
      launchDay: number | null;
    },
  ): void {
    if (slot >= this.id.length) this.grow(Math.max(slot + 1, this.id.length * 2));
    this.id[slot] = values.id;
    this.votes[slot] = values.votes;
    this.followers[slot] = values.followers;
    this.views[slot] = values.views;
    this.newestUs[slot] = values.newestUs;
    this.trendingFrom[slot] = values.trendingFrom;
    this.launchDay[slot] = values.launchDay ?? NaN;
  }

  private grow(size: number): void {
    for (const column of ['id', 'votes', 'followers', 'views', 'newestUs', 'trendingFrom', 'launchDay'] as const) {
      const grown = new Float64Array(size);
      grown.set(this[column]);
      this[column] = grown;
    }
  }
}
