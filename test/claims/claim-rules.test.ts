import { allowedClaimEmail, claimEmailAddresses, isOnListingSite, publishedAddresses } from '../../src/domain/claims.js';
import { registrableDomain } from '../../src/domain/registrable-domain.js';

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

describe('the addresses an email claim may use', () => {
  it("are the five role mailboxes of the listing's registrable domain", () => {
    expect(claimEmailAddresses('www.app.acme.co.uk', [])).toEqual([
      'admin@acme.co.uk',
      'administrator@acme.co.uk',
      'webmaster@acme.co.uk',
      'hostmaster@acme.co.uk',
      'postmaster@acme.co.uk',
    ]);
  });

  it('accept a role mailbox in any case; refuse other mailboxes, subdomains, other domains and plus tags', () => {
    const allowed = claimEmailAddresses('proton.me', []);
    expect(allowedClaimEmail(' Admin@Proton.ME ', allowed)).toBe('admin@proton.me');
    expect(allowedClaimEmail('someone@proton.me', allowed)).toBeUndefined();
    expect(allowedClaimEmail('admin@mail.proton.me', allowed)).toBeUndefined();
    expect(allowedClaimEmail('admin@proton.me.evil.net', allowed)).toBeUndefined();
    expect(allowedClaimEmail('admin+x@proton.me', allowed)).toBeUndefined();
  });

  it("add the listing's contact email only when a quote read on the listing's site contains it", () => {
    const onSite = [{ quote: 'email: Hello@Acme.com', url: 'https://www.acme.com/contact' }];
    expect(publishedAddresses('hello@acme.com', onSite, 'acme.com')).toEqual(['hello@acme.com']);
    expect(claimEmailAddresses('acme.com', ['hello@acme.com'])).toContain('hello@acme.com');
    // The crawler read it somewhere else: that page is not the listing's word.
    expect(
      publishedAddresses('hello@acme.com', [{ quote: 'email: hello@acme.com', url: 'https://acme.github.io/' }], 'acme.com'),
    ).toEqual([]);
    // The quote names a longer address that merely ends with this one.
    expect(
      publishedAddresses('hello@acme.com', [{ quote: 'email: bighello@acme.com', url: 'https://acme.com/' }], 'acme.com'),
    ).toEqual([]);
    // No quote at all: the contact email is only what the listing's owner typed.
    expect(publishedAddresses('hello@acme.com', [], 'acme.com')).toEqual([]);
    expect(publishedAddresses(null, onSite, 'acme.com')).toEqual([]);
  });
});
