import type Koa from 'koa';
import { clientAddress } from '../../src/domain/client-address.js';
import type { Logger } from '../../src/logger.js';

const derived = Symbol('clientAddress');
type AddressedRequest = Koa.Request & { [derived]?: string };

/**
 * Makes `ctx.ip` the one client address every consumer reads (API, form and sign-in limits, the
 * votes' network, idempotency scopes): the socket's peer, or behind `trustedHops` proxies the entry
 * they wrote (src/domain/client-address.ts), worked out once per request when first asked. A
 * trusted entry that is not an address is logged once per process, not per request.
 */
export function deriveClientAddress(app: Koa, trustedHops: number, log: Logger): void {
  let warned = false;
  Object.defineProperty(app.request, 'ip', {
    get(this: AddressedRequest): string {
      if (this[derived] !== undefined) return this[derived];
      const { address, unreadable } = clientAddress(this.socket.remoteAddress ?? '', this.get('x-forwarded-for'), trustedHops);
      if (unreadable !== undefined && !warned) {
        warned = true;
        log.warn(
          { entry: unreadable.slice(0, 200), trustedHops },
          'a trusted X-Forwarded-For entry is not an address: such clients count as the proxy that wrote it (check TRUST_PROXY_HOPS)',
        );
      }
      return (this[derived] = address);
    },
    set(this: AddressedRequest, value: string) {
      this[derived] = value;
    },
  });
}
