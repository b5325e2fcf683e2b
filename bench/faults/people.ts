import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { ensureUser } from '../../src/accounts/users.js';
import { startWebSession } from '../../src/accounts/web-sessions.js';
import { query, sql } from '../../src/platform/sql.js';
import { csrfCookieName, csrfTokenOf } from '../../api/web/shared/csrf.js';
import { sessionCookieName } from '../../api/web/shared/session.js';

/** An owner calling the REST API with a key of theirs. */
export interface Owner {
  id: number;
  email: string;
  key: string;
}

/** A person in a browser: session and CSRF cookies, the form token, and a network of their own. */
export interface Fan {
  id: number;
  email: string;
  cookie: string;
  csrf: string;
  address: string;
  /** Votes and follows made in the run so far. */
  actions: number;
}

/** Owners with API keys, as a person who made one on the account page has. */
export async function owners(em: EntityManager, prefix: string, count: number): Promise<Owner[]> {
  const made: Owner[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}@owners.example`;
    const user = await ensureUser(em, email);
    made.push({ id: user.id, email, key: (await createApiKey(em, user.id, 'faults bench')).key });
  }
  return made;
}

/**
 * People signed in as the sign-in makes it (a web session row) with accounts a month old, so the
 * vote rules count their votes; `cookieKey` is the servers' COOKIE_KEYS, which signs form tokens.
 */
export async function fans(em: EntityManager, count: number, cookieKey: string, sessionTtlDays: number): Promise<Fan[]> {
  const users = await query(
    em,
    sql<{ id: number; email: string }>`insert into app_user (email, name, created_at)
      select 'fan-' || g || '@people.example', 'Fan ' || g, now() - interval '30 days' from generate_series(1, ${count}) g
      returning id, email`,
  );
  const made: Fan[] = [];
  for (const [i, user] of users.entries()) {
    const session = await startWebSession(em, user.id, sessionTtlDays);
    const browserId = randomBytes(32).toString('base64url');
    made.push({
      ...user,
      cookie: `${sessionCookieName}=${session}; ${csrfCookieName}=${browserId}`,
      csrf: csrfTokenOf(browserId, cookieKey),
      address: `10.${(i >> 8) & 255}.${i & 255}.9`,
      actions: 0,
    });
  }
  return made;
}

/** Live listings launched this week on the websites given, owned by `ownerIds[i]` or by nobody (to be claimed). */
export async function liveListings(
  em: EntityManager,
  siteId: number,
  websites: Array<{ slug: string; url: string; domain: string; ownerId: number | null }>,
): Promise<Array<{ id: number; slug: string }>> {
  const rows: Array<{ id: number; slug: string }> = [];
  for (const w of websites) {
    const [row] = await query(
      em,
      sql<{
        id: number;
        slug: string;
      }>`insert into listing (site_id, slug, name, owner_id, status, plan, tagline, short_description,
         description, website_url, domain, launched_at, launch_week)
       values (${siteId}, ${w.slug}, ${`Product ${w.slug}`}, ${w.ownerId}, 'live', 'free', 'A tagline', 'Short.', 'What it does.',
         ${w.url}, ${w.domain}, now(), date_trunc('week', now())::date) returning id, slug`,
    );
    rows.push(row);
  }
  return rows;
}
