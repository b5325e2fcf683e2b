import { Migration } from '@mikro-orm/migrations';

/**
 * The public catalogue: companies, the listing profile, the category tree, founders and what
 * hangs off a listing (story, milestones, media, updates, alternatives), plus the editorial
 * tables (blog, awards, interview questions, products). Community signals and metrics follow in
 * the next migration.
 */
export class Migration20261121100000Catalogue extends Migration {
  override up(): void {
    // array_to_string is only STABLE; an IMMUTABLE wrapper lets a generated column use it.
    this.addSql(`create or replace function immutable_words(text[]) returns text
      language sql immutable parallel safe as $$ select coalesce(array_to_string($1, ' '), '') $$;`);
    // Timestamps in JSON built by PostgreSQL read the same whatever the session time zone.
    this.addSql(`create or replace function iso_utc(timestamptz) returns text
      language sql stable parallel safe as $$ select to_char($1 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') $$;`);

    this.addSql(`alter table category
      add column description text not null default '',
      add column faqs jsonb not null default '[]',
      add column position int not null default 0;`);
    this.addSql('create index category_parent on category (parent_id);');

    this.addSql(`create table company (
      id serial primary key,
      name varchar(500) not null,
      domain varchar(253),
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index company_domain on company (domain);');

    this.addSql(`alter table listing
      add column company_id int references company (id) on delete set null,
      add column plan varchar(10) not null default 'free' check (plan in ('free', 'paid')),
      add column tagline varchar(200) not null default '',
      add column short_description varchar(300) not null default '',
      add column description text not null default '',
      add column stage varchar(40),
      add column pricing_model varchar(40),
      add column pricing_summary varchar(300),
      add column country char(2),
      add column city varchar(120),
      add column founded_year int check (founded_year between 1800 and 2100),
      add column website_url varchar(2048),
      add column domain varchar(253),
      add column logo_url varchar(500),
      add column demo_video_url varchar(500),
      add column contact_email varchar(254),
      add column features text[] not null default '{}',
      add column usps text[] not null default '{}',
      add column keywords text[] not null default '{}',
      add column tags text[] not null default '{}',
      add column category_ids int[] not null default '{}',
      add column socials jsonb not null default '{}',
      add column faqs jsonb not null default '[]',
      add column not_found_on_website text[] not null default '{}',
      add column unlocked_sections text[] not null default '{}'
        check (unlocked_sections <@ array['story', 'milestones', 'media']::text[]),
      add column headline varchar(200),
      add column summary text,
      add column seo_title varchar(200),
      add column seo_description varchar(320),
      add column launch_week date check (launch_week is null or extract(isodow from launch_week) = 1),
      add column launched_at timestamptz,
      add column view_count int not null default 0,
      add column vote_count int not null default 0,
      add column follower_count int not null default 0,
      add column domain_rating smallint,
      add column domain_rating_on date,
      add column monthly_revenue_cents bigint,
      add column revenue_month date,
      add column billboard_cents bigint not null default 0;`);
    // Name weighs most, then tagline and keywords, then the descriptions; all unaccented.
    this.addSql(`alter table listing add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', immutable_unaccent(name)), 'A') ||
      setweight(to_tsvector('simple', immutable_unaccent(tagline || ' ' || immutable_words(keywords))), 'B') ||
      setweight(to_tsvector('simple', immutable_unaccent(short_description || ' ' || description)), 'C')
    ) stored;`);
    // The short part alone, for ranking: small enough to stay inline, so ranking never detoasts.
    this.addSql(`alter table listing add column title_vector tsvector generated always as (
      setweight(to_tsvector('simple', immutable_unaccent(name)), 'A') ||
      setweight(to_tsvector('simple', immutable_unaccent(tagline || ' ' || immutable_words(keywords))), 'B')
    ) stored;`);
    this.addSql('create index listing_search on listing using gin (search_vector);');
    this.addSql('create index listing_name_trgm on listing using gin (immutable_unaccent(lower(name)) gin_trgm_ops);');
    this.addSql('create index listing_categories on listing using gin (category_ids);');
    this.addSql(
      "create index listing_primary_category on listing (site_id, (category_ids[1]), vote_count desc) where status = 'live';",
    );
    this.addSql("create index listing_live_votes on listing (site_id, vote_count desc, id) where status = 'live';");
    this.addSql("create index listing_live_launched on listing (site_id, launched_at desc) where status = 'live';");
    this.addSql('create index listing_week on listing (site_id, launch_week, status);');
    this.addSql('create index listing_domain on listing (domain);');
    this.addSql('create index listing_company on listing (company_id);');
    this.addSql('create index listing_owner on listing (owner_id);');

    this.addSql(`create table founder (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      slug varchar(220) not null,
      name varchar(160) not null,
      title varchar(160),
      bio text not null default '',
      country char(2),
      avatar_url varchar(500),
      socials jsonb not null default '{}',
      user_id int references app_user (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (site_id, slug)
    );`);
    this.addSql('create index founder_name_trgm on founder using gin (immutable_unaccent(lower(name)) gin_trgm_ops);');
    this.addSql(`create table listing_founder (
      listing_id int not null references listing (id) on delete cascade,
      founder_id int not null references founder (id) on delete cascade,
      position int not null default 0,
      primary key (listing_id, founder_id)
    );`);
    this.addSql('create index listing_founder_founder on listing_founder (founder_id);');

    this.addSql(`create table founder_story (
      listing_id int primary key references listing (id) on delete cascade,
      founder_id int references founder (id) on delete set null,
      sections jsonb not null default '{}',
      published_at timestamptz,
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create index founder_story_founder on founder_story (founder_id);');
    this.addSql(`create table milestone (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      date date not null,
      title varchar(200) not null,
      description varchar(2000),
      url varchar(500),
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index milestone_listing on milestone (listing_id, date desc);');
    this.addSql(`create table listing_media (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      kind varchar(10) not null check (kind in ('image', 'video')),
      url varchar(500) not null,
      caption varchar(300),
      position int not null default 0
    );`);
    this.addSql('create index listing_media_listing on listing_media (listing_id, position);');
    this.addSql(`create table listing_update (
      id serial primary key,
      listing_id int not null references listing (id) on delete cascade,
      title varchar(200) not null,
      body varchar(5000) not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index listing_update_listing on listing_update (listing_id, created_at desc);');
    this.addSql(`create table listing_alternative (
      listing_id int not null references listing (id) on delete cascade,
      alternative_id int not null references listing (id) on delete cascade,
      approved boolean not null default false,
      position int not null default 0,
      primary key (listing_id, alternative_id),
      check (listing_id <> alternative_id)
    );`);

    this.addSql(`create table blog_post (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      slug varchar(220) not null,
      title varchar(300) not null,
      summary varchar(500) not null default '',
      body_markdown text not null,
      faqs jsonb not null default '[]',
      author varchar(160),
      published_at timestamptz not null default now(),
      search_vector tsvector generated always as (
        setweight(to_tsvector('simple', immutable_unaccent(title)), 'A') ||
        setweight(to_tsvector('simple', immutable_unaccent(summary)), 'B') ||
        setweight(to_tsvector('simple', immutable_unaccent(body_markdown)), 'C')
      ) stored,
      unique (site_id, slug)
    );`);
    this.addSql('create index blog_post_search on blog_post using gin (search_vector);');
    this.addSql('create index blog_post_published on blog_post (site_id, published_at desc);');

    this.addSql(`create table award (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      week date not null check (extract(isodow from week) = 1),
      rank smallint not null check (rank between 1 and 3),
      listing_id int not null references listing (id) on delete cascade,
      votes int not null,
      unique (site_id, week, rank)
    );`);
    this.addSql('create index award_listing on award (listing_id);');

    this.addSql(`create table interview_question (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      question varchar(500) not null,
      position int not null default 0,
      active boolean not null default true,
      unique (site_id, question)
    );`);

    this.addSql(`create table product (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      key varchar(60) not null,
      name varchar(200) not null,
      description varchar(1000) not null default '',
      price_cents int not null check (price_cents >= 0),
      needs_listing boolean not null default true,
      active boolean not null default true,
      position int not null default 0,
      unique (site_id, key)
    );`);
    // The purchasable products exist from the start; the operator sets their prices (CLI).
    this.addSql(`insert into product (site_id, key, name, description, price_cents, needs_listing, position)
      select s.id, v.key, v.name, v.description, v.price_cents, v.needs_listing, v.position from site s cross join (values
        ('launch', 'Paid launch', 'Launch at once or in a chosen week, skip the badge requirement, unlock story, milestones and media, and up to 3 extra categories.', 4900, true, 1),
        ('extra-category', 'Extra category', 'List the product in one more category (paid listings hold up to 3 extra).', 1900, true, 2),
        ('unlock-sections', 'Unlock profile sections', 'Show the founder story, milestones and media on a free listing.', 2900, true, 3),
        ('billboard', 'Billboard contribution', 'Money contributed to the paid billboard ranking; the price is the minimum contribution.', 1000, true, 4)
      ) as v(key, name, description, price_cents, needs_listing, position) where s.is_default;`);
  }
}
