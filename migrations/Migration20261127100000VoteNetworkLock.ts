import { Migration } from '@mikro-orm/migrations';

/**
 * The shared_network rule counts a listing's voters of the past hour from one network. Counted in
 * the cast's read, ten votes sent at the same moment from one network each saw none of the others
 * and all counted. The cast's insert now asks `vote_network_voters`, which first takes a lock of
 * the listing and network held until the cast commits; a volatile function's query sees what was
 * committed before it ran, so each cast counts the ones before it. One round trip, as before.
 */
export class Migration20261127100000VoteNetworkLock extends Migration {
  override up(): void {
    this.addSql(`create function vote_network_voters(p_listing int, p_network varchar) returns int
      language plpgsql volatile as $$ begin
        if p_network is null then return 0; end if;
        perform pg_advisory_xact_lock(hashtextextended('vote_network:' || p_listing || ':' || p_network, 0));
        return (select count(*)::int from vote where listing_id = p_listing and network_hash = p_network
                  and created_at > now() - interval '1 hour');
      end $$;`);
  }
}
