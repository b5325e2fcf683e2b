import type { TestApp } from './app.js';
import { latestMail } from '../../src/mail/outbox.js';

export interface Page {
  status: number;
  html: string;
  location?: string;
  headers: Headers;
  url: string;
}

export interface HtmlForm {
  action: string;
  fields: Record<string, string>;
  button: string;
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]);

/**
 * A browser stand-in for HTTP tests: keeps cookies (by path), never follows redirects by itself,
 * and reads the forms of a page, CSRF token included.
 */
export class WebClient {
  private readonly cookies = new Map<string, { pair: string; path: string }>();

  constructor(readonly origin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Page> {
    const absolute = new URL(url, this.origin).href;
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(absolute);
    if (cookie && new URL(absolute).origin === this.origin) headers.set('cookie', cookie);
    const res = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return {
      status: res.status,
      html: await res.text(),
      location: res.headers.get('location') ?? undefined,
      headers: res.headers,
      url: absolute,
    };
  }

  get(url: string): Promise<Page> {
    return this.request(url);
  }

  post(url: string, fields: Record<string, string>): Promise<Page> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
  }

  /** Submits the form whose action matches, with its hidden fields plus `extra`. */
  submit(page: Page, action: string | RegExp, extra: Record<string, string> = {}): Promise<Page> {
    const found = formsOf(page.html).find((f) => (typeof action === 'string' ? f.action === action : action.test(f.action)));
    if (!found) throw new Error(`No form with action ${action} on ${page.url}:\n${page.html}`);
    return this.post(found.action, { ...found.fields, ...extra });
  }

  /** Follows same-origin redirects until a page, or a redirect that leaves this origin. */
  async follow(page: Page): Promise<Page> {
    let current = page;
    for (let hops = 0; hops < 15 && current.location; hops++) {
      const next = new URL(current.location, current.url);
      if (next.origin !== this.origin) return current;
      current = await this.get(next.href);
    }
    return current;
  }

  cookie(name: string): string | undefined {
    for (const { pair } of this.cookies.values()) if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
    return undefined;
  }

  /** Signs in by email link: asks for the link, reads it from the outbox, opens it and confirms. */
  /** A client of `app` signed in as `email`, by the mailed link as a person would. */
  static async signedIn(app: TestApp, email: string): Promise<WebClient> {
    const client = new WebClient(app.url);
    await client.signIn(app, email);
    return client;
  }

  async signIn(app: TestApp, email: string, from?: Page): Promise<Page> {
    const start = from ?? (await this.get('/sign-in?switch=1'));
    const sent = await this.submit(start, '/sign-in', { email });
    if (sent.status !== 200) throw new Error(`sign-in request answered ${sent.status}: ${sent.html}`);
    const link = await signInLinkFor(app, email);
    const confirm = await this.get(link);
    return this.follow(await this.submit(confirm, '/sign-in/link'));
  }

  private cookieHeader(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies.values()]
      .filter((c) => c.path === '/' || path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => c.pair)
      .join('; ');
  }

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(name.length + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now());
      if (expired || value === '') this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { pair, path });
    }
  }
}

export function formsOf(html: string): HtmlForm[] {
  return [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].map((m) => ({
    action: unescape(m[1]),
    fields: Object.fromEntries(
      [...m[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((f) => [f[1], unescape(f[2])]),
    ),
    button: unescape(/<button[^>]*>([^<]*)<\/button>/.exec(m[2])?.[1] ?? ''),
  }));
}

/** The newest sign-in link mailed to an address (from the development outbox). */
export async function signInLinkFor(app: TestApp, email: string): Promise<string> {
  const [mail] = await latestMail(app.deps.orm.em.fork(), 1, email);
  const link = mail && /https?:\/\/\S+\/sign-in\/link\?token=[\w-]+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error(`No sign-in mail for ${email}`);
  return link;
}
