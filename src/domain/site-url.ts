/**
 * The website a draft reads, from what a founder typed: an http(s) URL, or a bare domain that is
 * taken as https. Null when it is neither. Credentials and fragments are dropped.
 */
export function siteUrlOf(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !url.hostname.startsWith('[')) return null;
  url.username = '';
  url.password = '';
  url.hash = '';
  return url.href;
}
