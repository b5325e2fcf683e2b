import { randomUUID } from 'node:crypto';

/** One answer (or failure to answer) as the client saw it; status 0 is no answer at all. */
export interface Exchange {
  /** When it was sent. */
  at: number;
  /** When its answer came or it failed: a request cut by a fault was sent before it began. */
  endedAt: number;
  origin: string;
  what: string;
  status: number;
  retryAfter: string | null;
  /** The problem's code or the network error, for a failed exchange. */
  detail?: string;
}

/** The answer's JSON (a page's HTML or a network error as text); callers name the shape they expect. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export interface CallOptions {
  /** Bearer key of an owner; none for a public or a browser request. */
  key?: string;
  cookie?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** Raw body with its own headers (a Stripe webhook). */
  raw?: { body: string; headers: Record<string, string> };
  /** Sends an Idempotency-Key, the same one on every retry of this call. */
  idempotent?: boolean;
  /** Extra headers, e.g. X-Forwarded-For. */
  headers?: Record<string, string>;
}

/** How long a call keeps retrying before its journey gives up (longer than any fault lasts). */
const patienceMs = 120_000;

/** How often the balancer asks each api process's /readyz. */
const probeEveryMs = 500;

/**
 * The client side of the run, as a load balancer and a careful client would behave: the balancer
 * asks each api process's /readyz every half second and sends each call to one of those that said
 * ready, in turn (to all when none did); a refused connection sent nothing, so it moves to the other
 * process at once. A request sent and left without an answer is a failure, retried like a 503 (whose
 * Retry-After it waits out) with the same Idempotency-Key. Every exchange is logged.
 */
export class FailoverClient {
  readonly log: Exchange[] = [];
  private turn = 0;
  /** What each origin's last /readyz said, and when it was asked. */
  private readonly ready = new Map<string, boolean>();
  private readonly probedAt = new Map<string, number>();

  constructor(private readonly origins: string[]) {}

  async call<T>(method: string, path: string, what: string, options: CallOptions = {}): Promise<Answer<T>> {
    const idempotencyKey = options.idempotent ? randomUUID() : undefined;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.raw) {
      Object.assign(headers, options.raw.headers);
      body = options.raw.body;
    }
    const giveUp = Date.now() + patienceMs;
    let origin = this.next();
    for (;;) {
      const exchange: Exchange = { at: Date.now(), endedAt: 0, origin, what, status: 0, retryAfter: null };
      this.log.push(exchange);
      let wait = 200;
      try {
        const res = await fetch(`${origin}${path}`, {
          method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        });
        const text = await res.text();
        exchange.endedAt = Date.now();
        exchange.status = res.status;
        exchange.retryAfter = res.headers.get('retry-after');
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // A page, not JSON.
        }
        const problem = parsed as { code?: string; detail?: string } | undefined;
        if (res.status < 500 && !(res.status === 409 && problem?.detail?.includes('still being processed'))) {
          return { status: res.status, body: parsed as T };
        }
        exchange.detail = problem?.code ?? text.slice(0, 200);
        if (exchange.retryAfter) wait = Number(exchange.retryAfter) * 1000;
      } catch (error) {
        exchange.endedAt = Date.now();
        exchange.detail = String((error as { cause?: { code?: string } }).cause?.code ?? error);
        // The process is gone or going: the balancer sends the retry to another one.
        this.ready.set(origin, false);
        origin = this.next();
        wait = exchange.detail === refusedCode ? 10 : 100;
      }
      if (Date.now() + wait > giveUp) return { status: exchange.status, body: exchange.detail as T };
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private next(): string {
    for (const origin of this.origins) this.probe(origin);
    const up = this.origins.filter((o) => this.ready.get(o) !== false);
    const from = up.length ? up : this.origins;
    return from[this.turn++ % from.length];
  }

  /** The balancer's health check, in the background: at most one /readyz per origin and interval. */
  private probe(origin: string): void {
    if (Date.now() - (this.probedAt.get(origin) ?? 0) < probeEveryMs) return;
    this.probedAt.set(origin, Date.now());
    void fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(probeEveryMs * 4) })
      .then(async (res) => {
        await res.arrayBuffer();
        return res.ok;
      })
      .catch(() => false)
      .then((ok) => this.ready.set(origin, ok));
  }
}

/** A connection refused: nothing was sent, so nothing was left without an answer. */
export const refusedCode = 'ECONNREFUSED';

/** A request sent whose answer never came (a connection reset or closed under it, a timeout). */
export const unanswered = (e: Exchange) => e.status === 0 && e.detail !== refusedCode;
