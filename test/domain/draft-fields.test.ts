import { countryCodeOf } from '../../src/domain/draft-fields.js';

describe('countryCodeOf', () => {
  it('answers an English country name with its current ISO code, never a retired one', () => {
    expect(['United Kingdom', 'France', 'Germany', 'Russia', 'Serbia', 'Portugal'].map(countryCodeOf)).toEqual([
      'GB',
      'FR',
      'DE',
      'RU',
      'RS',
      'PT',
    ]);
    expect([countryCodeOf('uk'), countryCodeOf('USA'), countryCodeOf('Atlantis')]).toEqual(['GB', 'US', null]);
  });
});
