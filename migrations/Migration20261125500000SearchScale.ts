import { Migration } from '@mikro-orm/migrations';

/**
 * The typo step looks up the nearest known words of a misspelled term in `search_word`, which at
 * 100,000 listings holds about 48,000 numbers (from names like "Notehub 12345") beside 4,000
 * words. A term without digits shares no trigram with a number, so its nearest words are found in
 * this index of the other words alone: a tenth of the size, about 1 ms instead of 10.
 */
export class Migration20261125500000SearchScale extends Migration {
  override up(): void {
    this.addSql(`create index search_word_trgm_words on search_word using gist (word gist_trgm_ops) where word !~ '^[0-9]+$';`);
    this.addSql('analyze search_word;');
  }
}
