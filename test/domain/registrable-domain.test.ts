import { registrableDomainOf } from '../../src/domain/registrable-domain.js';

describe('registrableDomainOf', () => {
  it.each([
    ['https://www.acme.co.uk/pricing', 'acme.co.uk'],
    ['https://app.acme.com', 'acme.com'],
    ['https://ACME.com.', 'acme.com'],
    ['https://alice.github.io/', 'alice.github.io'],
    ['https://docs.alice.github.io/', 'alice.github.io'],
    ['http://www.static.test:8080/', 'static.test'],
    ['http://localhost:3000/', 'localhost'],
  ])('%s belongs to %s', (url, domain) => {
    expect(registrableDomainOf(url)).toBe(domain);
  });
});
