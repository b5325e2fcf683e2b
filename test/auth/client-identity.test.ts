import { ConfigError, loadConfig } from '../../src/config.js';
import { clientIdentity, redirectTarget } from '../../src/domain/oauth-clients.js';

describe('redirectTarget', () => {
  it('names the host the browser goes to, not a user part dressed as a brand', () => {
    expect(redirectTarget('https://claude.ai@attacker.example/cb').host).toBe('attacker.example');
    expect(redirectTarget('https://claude.ai.attacker.example:8443/cb').host).toBe('claude.ai.attacker.example:8443');
  });

  it('shows international names in the ASCII form the browser resolves', () => {
    // The "а" is Cyrillic: the page shows the name the browser will really look up.
    expect(redirectTarget('https://clаude.ai/cb')).toEqual({ host: 'xn--clude-5ve.ai', address: 'https://xn--clude-5ve.ai/cb' });
  });

  it("names an app's own scheme when the address has no host", () => {
    expect(redirectTarget('com.example.agent:/oauth/callback').host).toBe('com.example.agent:');
  });
});

describe('clientIdentity', () => {
  it('is trusted only when the operator lists its exact client id or document URL', () => {
    const trusted = ['https://agent.example/client.json', 'abc123'];
    expect(clientIdentity('https://agent.example/client.json', 'Agent', trusted)).toEqual({
      clientId: 'https://agent.example/client.json',
      name: 'Agent',
      source: 'metadata_document',
      trusted: true,
    });
    expect(clientIdentity('https://agent.example/other.json', 'Agent', trusted).trusted).toBe(false);
    expect(clientIdentity('abc123', 'Claude', trusted)).toMatchObject({ source: 'registration', trusted: true });
    expect(clientIdentity('abc1234', 'Claude', trusted)).toMatchObject({ source: 'registration', trusted: false });
  });

  it('shortens a long self-chosen name so the label stays beside it', () => {
    const name = clientIdentity('id', `Claude${' '.repeat(200)}x`, []).name!;
    expect([...name]).toHaveLength(80);
    expect(name.endsWith('…')).toBe(true);
    expect(clientIdentity('id', '   ', []).name).toBeUndefined();
  });
});

describe('OAUTH_TRUSTED_CLIENTS', () => {
  it('reads client ids and https document URLs, and refuses other URLs', () => {
    expect(
      loadConfig({ OAUTH_TRUSTED_CLIENTS: ' abc123 , https://agent.example/client.json,abc123' }).auth.trustedClients,
    ).toEqual(['abc123', 'https://agent.example/client.json']);
    expect(loadConfig({}).auth.trustedClients).toEqual([]);
    expect(() => loadConfig({ OAUTH_TRUSTED_CLIENTS: 'http://agent.example/client.json' })).toThrow(ConfigError);
    expect(() => loadConfig({ OAUTH_TRUSTED_CLIENTS: 'http://agent.example/client.json' })).toThrow(/OAUTH_TRUSTED_CLIENTS/);
  });
});
