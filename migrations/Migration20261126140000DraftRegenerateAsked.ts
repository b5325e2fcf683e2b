import { Migration } from '@mikro-orm/migrations';

/**
 * The fields an owner asked to redraft through update_draft: the draft build's regenerate update
 * redrafts only these, so a request sent to the workflow by anyone else changes nothing.
 */
export class Migration20261126140000DraftRegenerateAsked extends Migration {
  override up(): void {
    this.addSql(`alter table draft add column regenerate_asked jsonb not null default '[]';`);
  }

  override down(): void {
    this.addSql('alter table draft drop column regenerate_asked;');
  }
}
