/**
 * What a person is told about an OAuth client before they allow it: everything a client says
 * about itself (name, logo) is its own claim, so only the operator's allow-list makes it verified.
 */

/** How the client identified itself: an https client ID metadata document, or registration on this server. */
export type ClientSource = 'metadata_document' | 'registration';

export interface ClientIdentity {
  clientId: string;
  /** The name the client chose for itself, shortened for display; absent when it gave none. */
  name?: string;
  source: ClientSource;
  /** The operator lists it in OAUTH_TRUSTED_CLIENTS. */
  trusted: boolean;
}

const longestName = 80;

/** Registered clients get generated ids; only a metadata document client has an https URL as its id. */
export function clientSource(clientId: string): ClientSource {
  return clientId.startsWith('https://') ? 'metadata_document' : 'registration';
}

export function clientIdentity(clientId: string, name: string | undefined, trusted: readonly string[]): ClientIdentity {
  const shown = name?.trim();
  return {
    clientId,
    name: shown ? truncate(shown) : undefined,
    source: clientSource(clientId),
    trusted: trusted.includes(clientId),
  };
}

/**
 * Where the browser takes the authorization code, as the URL parser (and so the browser) reads
 * it: user parts dropped, international names in their ASCII form. `host` is an app's own scheme
 * when the address has none.
 */
export function redirectTarget(redirectUri: string): { host: string; address: string } {
  const url = URL.parse(redirectUri);
  if (!url) return { host: redirectUri, address: redirectUri };
  return { host: url.host || url.protocol, address: url.href };
}

function truncate(text: string): string {
  const chars = [...text];
  return chars.length > longestName ? `${chars.slice(0, longestName - 1).join('')}…` : text;
}
