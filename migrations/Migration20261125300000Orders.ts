import { Migration } from '@mikro-orm/migrations';

/**
 * Orders: promo codes and the wrong tries counted per caller, orders with their lines (one per
 * item, each marked when fulfilled), the payment events already handled (a provider's retried
 * webhook changes nothing), and the sequences behind order and invoice numbers.
 */
export class Migration20261125300000Orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table promo_code (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      code varchar(60) not null,
      kind varchar(10) not null check (kind in ('percent', 'fixed')),
      value int not null check (value > 0 and (kind <> 'percent' or value <= 10000)),
      product_keys text[] not null default '{}',
      starts_at timestamptz,
      ends_at timestamptz,
      max_redemptions int check (max_redemptions > 0),
      redemptions int not null default 0,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      unique (site_id, code)
    );`);
    this.addSql(`create table promo_code_miss (
      caller varchar(200) not null,
      missed_at timestamptz not null default now()
    );`);
    this.addSql('create index promo_code_miss_caller on promo_code_miss (caller, missed_at);');

    this.addSql('create sequence order_number_seq;');
    this.addSql('create sequence invoice_number_seq;');
    this.addSql(`create table orders (
      id serial primary key,
      site_id int not null references site (id) on delete cascade,
      number varchar(24) not null unique,
      owner_id int not null references app_user (id) on delete cascade,
      status varchar(12) not null check (status in ('pending', 'paid', 'fulfilled', 'expired', 'canceled', 'refunded')),
      currency char(3) not null default 'USD',
      billing_country char(2) not null,
      vat_number varchar(20),
      vat jsonb not null,
      promo_code varchar(60),
      promo jsonb,
      subtotal_cents int not null,
      discount_cents int not null,
      net_cents int not null,
      vat_cents int not null,
      total_cents int not null,
      checkout_token varchar(64) not null,
      billing_name varchar(200),
      billing_address varchar(1000),
      provider varchar(10),
      provider_reference varchar(255),
      payment_method varchar(20),
      invoice_number varchar(24) unique,
      expires_at timestamptz not null,
      paid_at timestamptz,
      fulfilled_at timestamptz,
      refunded_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version int not null default 1
    );`);
    this.addSql('create index orders_owner on orders (owner_id, created_at desc);');
    this.addSql('create index orders_site_created on orders (site_id, created_at desc);');
    this.addSql(`create table order_line (
      id serial primary key,
      order_id int not null references orders (id) on delete cascade,
      position int not null,
      product_key varchar(60) not null,
      listing_id int references listing (id) on delete set null,
      options jsonb not null default '{}',
      quantity int not null check (quantity > 0),
      unit_cents int not null,
      discount_cents int not null,
      net_cents int not null,
      vat_rate numeric(5, 2) not null,
      vat_cents int not null,
      total_cents int not null,
      fulfilled_at timestamptz,
      unique (order_id, position)
    );`);
    this.addSql('create index order_line_listing on order_line (listing_id);');
    this.addSql(`create table payment_event (
      provider varchar(10) not null,
      event_id varchar(255) not null,
      order_number varchar(24) not null,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    );`);
    this.addSql('create index billboard_contribution_order on billboard_contribution (order_number);');
  }
}
