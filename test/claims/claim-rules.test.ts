import { isOnListingSite, registrableDomain } from '../../src/domain/claims.js';

describe('the listing site (registrable domain, private suffixes honoured)', () => {
  it('keeps subdomains and www on the site', () => {
    expect(isOnListingSite('www.acme.com', 'acme.com')).toBe(true);
    expect(isOnListingSite('cdn.eu.acme.com', 'www.acme.com')).toBe(true);
    expect(isOnListingSite('www.acme.co.uk', 'acme.co.uk')).toBe(true);
    expect(isOnListingSite('ACME.com.', 'acme.com')).toBe(true);
  });

  it('puts other registrable domains, lookalikes and neighbours under a public suffix off the site', () => {
    expect(isOnListingSite('acme-hosting.net', 'acme.com')).toBe(false);
    expect(isOnListingSite('acme.com.evil.net', 'acme.com')).toBe(false);
    expect(isOnListingSite('notacme.com', 'acme.com')).toBe(false);
    expect(isOnListingSite('other.co.uk', 'acme.co.uk')).toBe(false);
  });

  it('treats a.github.io and b.github.io as different owners (private section of the list)', () => {
    expect(registrableDomain('a.github.io')).toBe('a.github.io');
    expect(registrableDomain('docs.a.github.io')).toBe('a.github.io');
    expect(isOnListingSite('b.github.io', 'a.github.io')).toBe(false);
    expect(isOnListingSite('github.io', 'a.github.io')).toBe(false);
    expect(isOnListingSite('docs.a.github.io', 'a.github.io')).toBe(true);
  });
});
