import { spawnSync } from 'node:child_process';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import Koa from 'koa';
import { deriveClientAddress } from '../../api/middleware/client-address.js';
import { clientAddress, hopAddress } from '../../src/domain/client-address.js';
import type { Logger } from '../../src/logger.js';

describe('clientAddress', () => {
  it('is the socket peer without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress('198.51.100.9', '127.0.0.1', 0)).toEqual({ address: '198.51.100.9' });
    expect(clientAddress('::ffff:198.51.100.9', undefined, 0)).toEqual({ address: '198.51.100.9' });
    expect(clientAddress('2001:DB8:0:0::9', '', 2)).toEqual({ address: '2001:db8::9' });
  });

  it('trusts only the rightmost entries the proxies wrote, never what the client put before them', () => {
    const forwarded = '10.0.0.1, 127.0.0.1, 203.0.113.7';
    expect(clientAddress('10.1.1.1', forwarded, 1)).toEqual({ address: '203.0.113.7' });
    expect(clientAddress('10.1.1.1', '198.51.100.1, 203.0.113.7, 192.0.2.10', 2)).toEqual({ address: '203.0.113.7' });
    // Fewer entries than hops: the leftmost one there is, all of it written by trusted proxies.
    expect(clientAddress('10.1.1.1', '203.0.113.7', 3)).toEqual({ address: '203.0.113.7' });
  });

  it('reads IPv4 and IPv6 hops with or without a port, one spelling per address', () => {
    expect(clientAddress('10.1.1.1', 'x, 203.0.113.5:4711', 1)).toEqual({ address: '203.0.113.5' });
    expect(clientAddress('10.1.1.1', 'x, [2001:DB8::1]:443', 1)).toEqual({ address: '2001:db8::1' });
    expect(clientAddress('10.1.1.1', 'x, 2001:db8:0:0:0:0:0:1', 1)).toEqual({ address: '2001:db8::1' });
    expect(clientAddress('10.1.1.1', 'x, [2001:db8::1]', 1)).toEqual({ address: '2001:db8::1' });
    expect(clientAddress('10.1.1.1', 'x,::ffff:203.0.113.5', 1)).toEqual({ address: '203.0.113.5' });
  });

  it('stops at a trusted entry that is not an address: the client is then the proxy that wrote it', () => {
    expect(clientAddress('10.1.1.1', '203.0.113.7, unknown', 1)).toEqual({ address: '10.1.1.1', unreadable: 'unknown' });
    expect(clientAddress('10.1.1.1', 'whatever, _hidden, 192.0.2.10', 2)).toEqual({
      address: '192.0.2.10',
      unreadable: '_hidden',
    });
    expect(clientAddress('10.1.1.1', '203.0.113.7, ', 1)).toEqual({ address: '10.1.1.1', unreadable: '' });
  });

  it('spells every IPv4 address as ipaddr.js does, fast path or not', () => {
    const octets = [0, 1, 9, 10, 99, 100, 199, 200, 249, 250, 255];
    for (const a of octets) {
      for (const b of octets) {
        const text = `${a}.${b}.${255 - b}.${a}`;
        expect(hopAddress(text)).toBe(ipaddr.process(text).toString());
        expect(clientAddress(text, undefined, 0).address).toBe(ipaddr.process(text).toString());
      }
    }
  });

  it.each([
    '',
    'unknown',
    '1.2.3',
    '01.2.3.4',
    '256.1.1.1',
    '1.2.3.4:99999',
    '[1.2.3.4]',
    '2001:db8::1:443:',
    '[2001:db8::1',
    'a.b.c.d',
  ])('refuses %j as a hop', (entry) => {
    expect(hopAddress(entry)).toBeNull();
  });
});

describe('ctx.ip', () => {
  const contextOf = (app: Koa, peer: string, forwardedFor?: string) => {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: peer });
    const req = new IncomingMessage(socket);
    if (forwardedFor !== undefined) req.headers['x-forwarded-for'] = forwardedFor;
    return app.createContext(req, new ServerResponse(req));
  };

  it('is the derived client address, and an unreadable hop is logged once, not per request', () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
    const app = new Koa({ proxy: true, maxIpsCount: 1 });
    deriveClientAddress(app, 1, log);
    expect(contextOf(app, '::ffff:127.0.0.1', '198.51.100.1, 203.0.113.7:51000').ip).toBe('203.0.113.7');
    expect(contextOf(app, '::ffff:127.0.0.1').ip).toBe('127.0.0.1');
    for (let i = 0; i < 3; i++) expect(contextOf(app, '127.0.0.1', `198.51.100.${i}, junk${i}`).ip).toBe('127.0.0.1');
    expect(warnings).toHaveLength(1);
  });
});

describe('consumers of the client address', () => {
  it('read ctx.ip only: nothing else in the service parses X-Forwarded-For or the socket', () => {
    const found = spawnSync(
      'git',
      ['grep', '-l', '-E', 'get\\([\'"]x-forwarded-for|remoteAddress|\\.ips\\b', '--', 'api', 'src'],
      {
        encoding: 'utf8',
      },
    );
    // dev-mail asks the socket on purpose: it answers loopback only, never by a forwarded header.
    expect(found.stdout.split('\n').filter(Boolean)).toEqual([
      'api/middleware/client-address.ts',
      'api/web/accounts/dev-mail.ts',
    ]);
  });
});
